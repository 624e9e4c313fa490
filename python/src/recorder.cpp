// SPDX-License-Identifier: MIT
#include "recorder.h"

#include <cerrno>
#include <cstdlib>
#include <ctime>
#include <fcntl.h>
#include <unistd.h>

namespace lsprobe {

uint64_t threadCpuNs()
{
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return uint64_t(ts.tv_sec) * 1000000000ULL + uint64_t(ts.tv_nsec);
}

uint64_t runDelayNs()
{
    // One open file per thread; /proc/thread-self resolves to this thread when opened, so a forked
    // child (same thread-local, other process) must open its own.
    thread_local int fd = -1;
    thread_local pid_t owner = 0;
    const pid_t me = getpid();
    if (fd < 0 || owner != me) {
        if (fd >= 0 && owner == me)
            close(fd);
        fd = open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
        owner = me;
        if (fd < 0)
            return 0;
    }
    char buf[96];
    const ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
    if (n <= 0)
        return 0;
    buf[n] = 0;
    // "<on-cpu ns> <run-queue wait ns> <timeslices>"
    char* end = nullptr;
    std::strtoull(buf, &end, 10);
    return end ? std::strtoull(end, nullptr, 10) : 0;
}

void FetchRecorder::begin_batch(int64_t key)
{
    m_batch = key;
    m_batchSamples = 0;
    m_cpu0 = threadCpuNs();
    m_rq0 = runDelayNs();
    m_open = true;
}

int64_t FetchRecorder::end_batch()
{
    if (!m_open)
        return 0;
    m_open = false;
    const uint64_t cpu = threadCpuNs() - m_cpu0;
    const uint64_t rq = runDelayNs() - m_rq0;
    const uint64_t t = ls::nowNs();
    m_w->span(int(ls::EventKind::BatchCost), t, t, m_batch, int64_t(cpu), int64_t(rq), 0x7fff);
    return m_batchSamples;
}

void FetchRecorder::recordFetch(uint64_t t0, int64_t index)
{
    ++m_batchSamples;
    if (m_seen++ % m_every == 0)
        m_w->span(int(ls::EventKind::Fetch), t0, ls::nowNs(), m_batch, index, 1, 0x7fff);
}

namespace {

int64_t indexValue(PyObject* index)
{
    if (!PyLong_Check(index))
        return -1;
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(index, &overflow);
    if (overflow || (v == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return -1;
    }
    return v;
}

} // namespace

py::object FetchRecorder::getitem(PyObject* dataset, PyObject* index)
{
    const uint64_t t0 = ls::nowNs();
    PyObject* r = PyObject_GetItem(dataset, index);
    if (!r)
        throw py::error_already_set(); // the dataset's own exception, unchanged
    recordFetch(t0, indexValue(index));
    return py::reinterpret_steal<py::object>(r);
}

py::object FetchRecorder::getitems(const py::object& fn, const py::object& indices)
{
    // Dataset.__getitems__ fetches the whole batch in one call: one span for all its samples.
    const uint64_t t0 = ls::nowNs();
    py::object r = fn(indices);
    const Py_ssize_t n = PySequence_Check(indices.ptr()) ? PySequence_Size(indices.ptr()) : -1;
    if (n < 0)
        PyErr_Clear();
    int64_t first = -1;
    if (n > 0) {
        if (PyObject* i0 = PySequence_GetItem(indices.ptr(), 0)) {
            first = indexValue(i0);
            Py_DECREF(i0);
        } else {
            PyErr_Clear();
        }
    }
    const int64_t count = n > 0 ? n : 1;
    m_batchSamples += count;
    m_seen += uint64_t(count);
    m_w->span(int(ls::EventKind::Fetch), t0, ls::nowNs(), m_batch, first, count, 0x7fff);
    return r;
}

py::object FetchRecorder::next(PyObject* iterator)
{
    const uint64_t t0 = ls::nowNs();
    PyObject* r = PyIter_Next(iterator);
    if (!r) {
        if (PyErr_Occurred())
            throw py::error_already_set();
        throw py::stop_iteration();
    }
    // An iterable dataset has no index: the sample's position in this worker's stream.
    recordFetch(t0, int64_t(m_seen));
    return py::reinterpret_steal<py::object>(r);
}

py::object FetchRecorder::collate(const py::object& fn, const py::object& data, bool batched)
{
    const uint64_t t0 = ls::nowNs();
    py::object r = fn(data);
    int64_t n = 1;
    if (batched && PyList_Check(data.ptr()))
        n = PyList_GET_SIZE(data.ptr());
    else if (batched && PySequence_Check(data.ptr())) {
        n = PySequence_Size(data.ptr());
        if (n < 0) {
            PyErr_Clear();
            n = 1;
        }
    }
    m_w->span(int(ls::EventKind::Collate), t0, ls::nowNs(), m_batch, n, 0, 0x7fff);
    return r;
}

// --- proxies -----------------------------------------------------------------------------------
// They stand in for the fetcher's dataset, dataset iterator and collate_fn inside the fetcher only
// (the user's objects, and get_worker_info().dataset, are untouched). Every attribute they do not
// time is forwarded, so `hasattr(dataset, "__getitems__")` answers as for the real dataset.

struct TimedDataset
{
    py::object dataset;
    std::shared_ptr<FetchRecorder> rec;
};

struct TimedGetItems
{
    py::object fn;
    std::shared_ptr<FetchRecorder> rec;
};

struct TimedIterator
{
    py::object iterator;
    std::shared_ptr<FetchRecorder> rec;
};

struct TimedCollate
{
    py::object fn;
    std::shared_ptr<FetchRecorder> rec;
    bool batched;
};

void registerRecorder(py::module_& m)
{
    py::class_<FetchRecorder, std::shared_ptr<FetchRecorder>>(m, "FetchRecorder")
        .def(py::init<std::shared_ptr<Writer>, uint32_t>(), py::arg("writer"), py::arg("every") = 1)
        .def("begin_batch", &FetchRecorder::begin_batch)
        .def("end_batch", &FetchRecorder::end_batch)
        .def_property_readonly("batch", &FetchRecorder::batch)
        .def_property_readonly("samples_seen", &FetchRecorder::samples_seen)
        .def_property_readonly("every", &FetchRecorder::every);

    py::class_<TimedGetItems>(m, "TimedGetItems")
        .def("__call__", [](TimedGetItems& self, py::object indices) { return self.rec->getitems(self.fn, indices); });

    py::class_<TimedDataset>(m, "TimedDataset")
        .def(py::init([](py::object ds, std::shared_ptr<FetchRecorder> rec) { return TimedDataset{std::move(ds), std::move(rec)}; }))
        .def("__getitem__", [](TimedDataset& self, py::handle index) { return self.rec->getitem(self.dataset.ptr(), index.ptr()); })
        .def("__len__", [](TimedDataset& self) { return py::len(self.dataset); })
        .def("__getattr__", [](TimedDataset& self, const std::string& name) -> py::object {
            py::object attr = self.dataset.attr(name.c_str()); // AttributeError passes through
            if (name == "__getitems__" && PyObject_IsTrue(attr.ptr()) == 1)
                return py::cast(TimedGetItems{attr, self.rec});
            return attr;
        })
        .def_property_readonly("wrapped", [](TimedDataset& self) { return self.dataset; });

    py::class_<TimedIterator>(m, "TimedIterator")
        .def(py::init([](py::object it, std::shared_ptr<FetchRecorder> rec) { return TimedIterator{std::move(it), std::move(rec)}; }))
        .def("__iter__", [](py::object self) { return self; })
        .def("__next__", [](TimedIterator& self) { return self.rec->next(self.iterator.ptr()); })
        .def("__getattr__", [](TimedIterator& self, const std::string& name) { return self.iterator.attr(name.c_str()); })
        .def_property_readonly("wrapped", [](TimedIterator& self) { return self.iterator; });

    py::class_<TimedCollate>(m, "TimedCollate")
        .def(py::init([](py::object fn, std::shared_ptr<FetchRecorder> rec, bool batched) {
                 return TimedCollate{std::move(fn), std::move(rec), batched};
             }),
             py::arg("fn"), py::arg("recorder"), py::arg("batched"))
        .def("__call__", [](TimedCollate& self, py::object data) { return self.rec->collate(self.fn, data, self.batched); })
        .def("__getattr__", [](TimedCollate& self, const std::string& name) { return self.fn.attr(name.c_str()); })
        .def_property_readonly("wrapped", [](TimedCollate& self) { return self.fn; });
}

} // namespace lsprobe
