// SPDX-License-Identifier: MIT
#include "recorder.h"

#include <optional>
#include <unistd.h>
#include <vector>

namespace lsprobe {

uint64_t runDelayNs()
{
    // One clock per thread (RunDelayClock keeps the file open); /proc/thread-self resolves to the
    // thread that opened it, so a forked child (same thread-local, other process) opens its own.
    thread_local std::optional<ls::RunDelayClock> clock;
    thread_local pid_t owner = 0;
    const pid_t me = getpid();
    if (!clock || owner != me) {
        clock.emplace();
        owner = me;
    }
    return clock->now();
}

void FetchRecorder::begin_batch(int64_t key)
{
    m_batch = key;
    m_batchSamples = 0;
    m_cpu0 = threadCpuNs();
    m_rq0 = runDelayNs();
    m_open = true;
}

int64_t FetchRecorder::end_batch(bool delivered)
{
    if (!m_open)
        return 0;
    m_open = false;
    m_cpu1 = threadCpuNs();
    m_rq1 = runDelayNs();
    const uint64_t cpu = m_cpu1 - m_cpu0;
    const uint64_t rq = m_rq1 - m_rq0;
    const uint64_t t = ls::nowNs();
    // A task that made no batch (an iterable dataset's end) still cost its CPU: batch -1 keeps
    // that cost in the lane's figures without counting a batch (metrics.cpp).
    m_w->span(int(ls::EventKind::BatchCost), t, t, delivered ? m_batch : -1, int64_t(cpu), int64_t(rq), 0x7fff);
    return m_batchSamples;
}

void FetchRecorder::recordFetch(uint64_t t0, int64_t index)
{
    ++m_batchSamples;
    // Recording 1 sample in N: the span stands for the N samples from it on (arg1 = N).
    if (m_seen++ % m_every == 0)
        m_w->span(int(ls::EventKind::Fetch), t0, ls::nowNs(), m_batch, index, m_every, 0x7fff);
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

PyObject* FetchRecorder::getitem(PyObject* dataset, PyObject* index)
{
    const uint64_t t0 = ls::nowNs();
    PyObject* r = PyObject_GetItem(dataset, index);
    if (r)
        recordFetch(t0, indexValue(index));
    return r;
}

py::object FetchRecorder::getitems(const py::object& fn, const py::object& indices)
{
    // Dataset.__getitems__ fetches the whole batch in one call: there is no per-sample time. The
    // call is recorded as one span per sample, each an equal share of it (arg1 = 1), so totals
    // and per-sample figures are exact and the lane shows the batch's fetch where it happened.
    const uint64_t t0 = ls::nowNs();
    py::object r = fn(indices);
    const uint64_t t1 = ls::nowNs();
    std::vector<int64_t> idx;
    if (PyObject* seq = PySequence_Fast(indices.ptr(), "indices")) {
        const Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
        for (Py_ssize_t i = 0; i < n; ++i)
            idx.push_back(indexValue(PySequence_Fast_GET_ITEM(seq, i)));
        Py_DECREF(seq);
    } else {
        PyErr_Clear();
    }
    if (idx.empty())
        idx.push_back(-1);
    const uint64_t n = idx.size();
    for (uint64_t i = 0; i < n; ++i)
        m_w->span(int(ls::EventKind::Fetch), t0 + (t1 - t0) * i / n, t0 + (t1 - t0) * (i + 1) / n, m_batch, idx[i], 1, 0x7fff);
    m_batchSamples += int64_t(n);
    m_seen += n;
    return r;
}

PyObject* FetchRecorder::next(PyObject* iterator)
{
    const uint64_t t0 = ls::nowNs();
    // nullptr without an error is the end (next() raises StopIteration); with one, the dataset's.
    PyObject* r = PyIter_Next(iterator);
    if (r)
        recordFetch(t0, -1); // an iterable's samples carry no dataset index: none is made up
    return r;
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
// (the user's objects, and get_worker_info().dataset, are untouched). Every attribute is the
// wrapped object's, so `hasattr(dataset, "__getitems__")` answers as for the real dataset. The
// per-sample proxies are plain CPython types: `dataset[i]` and `next(it)` reach the recorder
// through the type's slots, without pybind11's argument dispatch (a few hundred ns per call).

struct TimedGetItems
{
    py::object fn;
    std::shared_ptr<FetchRecorder> rec;
};

struct TimedCollate
{
    py::object fn;
    std::shared_ptr<FetchRecorder> rec;
    bool batched;
};

namespace {

struct ProxyObject
{
    PyObject_HEAD
    PyObject* wrapped;      ///< the dataset, or the dataset's iterator
    PyObject* recorderObj;  ///< keeps the recorder alive
    FetchRecorder* rec;
};

PyTypeObject* g_datasetType = nullptr;
PyTypeObject* g_iteratorType = nullptr;

void proxyDealloc(PyObject* self)
{
    PyTypeObject* tp = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    auto* p = reinterpret_cast<ProxyObject*>(self);
    Py_CLEAR(p->wrapped);
    Py_CLEAR(p->recorderObj);
    tp->tp_free(self);
    Py_DECREF(tp); // heap types own a reference from each instance
}

int proxyTraverse(PyObject* self, visitproc visit, void* arg)
{
    auto* p = reinterpret_cast<ProxyObject*>(self);
    Py_VISIT(Py_TYPE(self));
    Py_VISIT(p->wrapped);
    Py_VISIT(p->recorderObj);
    return 0;
}

int proxyClear(PyObject* self)
{
    auto* p = reinterpret_cast<ProxyObject*>(self);
    Py_CLEAR(p->wrapped);
    Py_CLEAR(p->recorderObj);
    return 0;
}

PyObject* proxyGetattro(PyObject* self, PyObject* name)
{
    auto* p = reinterpret_cast<ProxyObject*>(self);
    if (PyUnicode_Check(name) && PyUnicode_CompareWithASCIIString(name, "wrapped") == 0) {
        Py_INCREF(p->wrapped);
        return p->wrapped;
    }
    PyObject* attr = PyObject_GetAttr(p->wrapped, name); // AttributeError passes through
    if (!attr || Py_TYPE(self) != g_datasetType || !PyUnicode_Check(name) ||
        PyUnicode_CompareWithASCIIString(name, "__getitems__") != 0 || PyObject_IsTrue(attr) != 1)
        return attr;
    // Dataset.__getitems__ fetches a whole batch in one call: timed as one span for its samples.
    try {
        auto rec = py::cast<std::shared_ptr<FetchRecorder>>(py::handle(p->recorderObj));
        return py::cast(TimedGetItems{py::reinterpret_steal<py::object>(attr), std::move(rec)}).release().ptr();
    } catch (py::error_already_set& e) {
        e.restore();
        return nullptr;
    } catch (const std::exception& e) {
        PyErr_SetString(PyExc_RuntimeError, e.what());
        return nullptr;
    }
}

PyObject* proxyRepr(PyObject* self)
{
    return PyObject_Repr(reinterpret_cast<ProxyObject*>(self)->wrapped);
}

PyObject* datasetGetItem(PyObject* self, PyObject* index)
{
    auto* p = reinterpret_cast<ProxyObject*>(self);
    return p->rec->getitem(p->wrapped, index);
}

Py_ssize_t datasetLen(PyObject* self)
{
    return PyObject_Size(reinterpret_cast<ProxyObject*>(self)->wrapped);
}

PyObject* iteratorIter(PyObject* self)
{
    Py_INCREF(self);
    return self;
}

PyObject* iteratorNext(PyObject* self)
{
    auto* p = reinterpret_cast<ProxyObject*>(self);
    return p->rec->next(p->wrapped);
}

PyTypeObject* makeType(const char* name, std::vector<PyType_Slot> slots)
{
    slots.push_back({Py_tp_dealloc, reinterpret_cast<void*>(proxyDealloc)});
    slots.push_back({Py_tp_traverse, reinterpret_cast<void*>(proxyTraverse)});
    slots.push_back({Py_tp_clear, reinterpret_cast<void*>(proxyClear)});
    slots.push_back({Py_tp_getattro, reinterpret_cast<void*>(proxyGetattro)});
    slots.push_back({Py_tp_repr, reinterpret_cast<void*>(proxyRepr)});
    slots.push_back({0, nullptr});
    PyType_Spec spec{name, int(sizeof(ProxyObject)), 0, Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC, slots.data()};
    auto* type = reinterpret_cast<PyTypeObject*>(PyType_FromSpec(&spec));
    if (!type)
        throw py::error_already_set();
    return type;
}

py::object makeProxy(PyTypeObject* type, const py::object& wrapped, const py::object& recorder)
{
    auto rec = py::cast<std::shared_ptr<FetchRecorder>>(recorder); // TypeError if it is not one
    auto* p = PyObject_GC_New(ProxyObject, type);
    if (!p)
        throw py::error_already_set();
    Py_INCREF(wrapped.ptr());
    p->wrapped = wrapped.ptr();
    Py_INCREF(recorder.ptr());
    p->recorderObj = recorder.ptr();
    p->rec = rec.get(); // owned by recorderObj's holder, alive as long as the proxy
    PyObject_GC_Track(reinterpret_cast<PyObject*>(p));
    return py::reinterpret_steal<py::object>(reinterpret_cast<PyObject*>(p));
}

} // namespace

void registerRecorder(py::module_& m)
{
    py::class_<FetchRecorder, std::shared_ptr<FetchRecorder>>(m, "FetchRecorder")
        .def(py::init<std::shared_ptr<Writer>, uint32_t>(), py::arg("writer"), py::arg("every") = 1)
        .def("begin_batch", &FetchRecorder::begin_batch)
        .def("end_batch", &FetchRecorder::end_batch, py::arg("delivered") = true)
        .def_property_readonly("batch", &FetchRecorder::batch)
        .def_property_readonly("begin_clocks", &FetchRecorder::begin_clocks)
        .def_property_readonly("end_clocks", &FetchRecorder::end_clocks)
        .def_property_readonly("samples_seen", &FetchRecorder::samples_seen)
        .def_property_readonly("every", &FetchRecorder::every);

    py::class_<TimedGetItems>(m, "TimedGetItems")
        .def("__call__", [](TimedGetItems& self, py::object indices) { return self.rec->getitems(self.fn, indices); });

    g_datasetType = makeType("loaderscope._native.TimedDataset",
                             {{Py_mp_subscript, reinterpret_cast<void*>(datasetGetItem)},
                              {Py_mp_length, reinterpret_cast<void*>(datasetLen)}});
    g_iteratorType = makeType("loaderscope._native.TimedIterator",
                              {{Py_tp_iter, reinterpret_cast<void*>(iteratorIter)},
                               {Py_tp_iternext, reinterpret_cast<void*>(iteratorNext)}});
    m.def("TimedDataset", [](py::object dataset, py::object recorder) { return makeProxy(g_datasetType, dataset, recorder); },
          py::arg("dataset"), py::arg("recorder"), "The fetcher's dataset, each sample timed.");
    m.def("TimedIterator", [](py::object iterator, py::object recorder) { return makeProxy(g_iteratorType, iterator, recorder); },
          py::arg("iterator"), py::arg("recorder"), "The fetcher's dataset iterator, each sample timed.");

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
