#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Fills translations/loaderscope_tr.ts from tr_strings.py and marks loaderscope_en.ts as the source
language (every entry translated as itself). Run after `update_translations`. Prints what is missing."""
import os
import sys
import xml.etree.ElementTree as ET

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
from tr_strings import TR  # noqa: E402

root = os.path.dirname(here)


def fill(path, lookup):
    tree = ET.parse(path)
    missing = []
    for ctx in tree.getroot().findall("context"):
        for m in ctx.findall("message"):
            src = m.find("source").text or ""
            tr = m.find("translation")
            if tr.get("type") in ("vanished", "obsolete"):
                continue
            value = lookup(src)
            if value is None:
                missing.append(src)
                continue
            tr.text = value
            tr.attrib.pop("type", None)
    with open(path, "wb") as f:
        f.write(b'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n')
        tree.write(f, encoding="utf-8", xml_declaration=False)
    return missing


def turkish(src):
    return TR.get(src)


missing = fill(os.path.join(root, "loaderscope_tr.ts"), turkish)
fill(os.path.join(root, "loaderscope_en.ts"), lambda s: s)
for s in missing:
    print("missing Turkish:", repr(s))
sys.exit(1 if missing else 0)
