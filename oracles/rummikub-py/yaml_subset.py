"""Just enough YAML for meldcheck's scenario files (scenarios/rummikub/*.yaml): documents
separated by ---, block mappings and sequences by indentation, single-line flow
collections ([a, b], {k: v}), plain and quoted scalars, integers, booleans, null, and
comments. Anything else raises ValueError; it is a test aid, not a YAML library.
"""

import re

_INT = re.compile(r"^-?[0-9]+$")


def load_all(text):
    docs, cur = [], []
    for line in text.splitlines():
        if line.rstrip() == "---":
            docs.append(cur)
            cur = []
        else:
            cur.append(line)
    docs.append(cur)
    out = []
    for lines in docs:
        items = [(len(l) - len(l.lstrip(" ")), l.strip()) for l in map(_uncomment, lines)]
        items = [it for it in items if it[1]]
        if items:
            value, end = _block(items, 0, items[0][0])
            if end != len(items):
                raise ValueError("cannot read line: %r" % items[end][1])
            out.append(value)
    return out


def _uncomment(line):
    quote = None
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "\"'" and (i == 0 or line[i - 1] in " [{,:"):
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1] == " "):
            return line[:i].rstrip()
    return line.rstrip()


def _block(items, i, indent):
    if items[i][1].startswith("- ") or items[i][1] == "-":
        return _sequence(items, i, indent)
    return _mapping(items, i, indent)


def _sequence(items, i, indent):
    out = []
    while (i < len(items) and items[i][0] == indent
           and (items[i][1] == "-" or items[i][1].startswith("- "))):
        rest = items[i][1][1:].strip()
        if not rest:
            if i + 1 < len(items) and items[i + 1][0] > indent:
                value, i = _block(items, i + 1, items[i + 1][0])
            else:
                value, i = None, i + 1
        elif _key(rest) is not None:
            # "- key: value" opens a mapping whose other keys sit two columns in.
            sub = [(indent + 2, rest)]
            j = i + 1
            while j < len(items) and items[j][0] > indent:
                sub.append(items[j])
                j += 1
            value, end = _mapping(sub, 0, indent + 2)
            if end != len(sub):
                raise ValueError("cannot read line: %r" % sub[end][1])
            i = j
        else:
            value, i = _flow_value(rest), i + 1
        out.append(value)
    return out, i


def _key(text):
    m = re.match(r"^([A-Za-z0-9_.\-]+):(\s|$)", text)
    return m.group(1) if m else None


def _mapping(items, i, indent):
    out = {}
    while i < len(items) and items[i][0] == indent:
        text = items[i][1]
        key = _key(text)
        if key is None:
            raise ValueError("expected key: value, got %r" % text)
        rest = text[len(key) + 1:].strip()
        i += 1
        if rest:
            out[key] = _flow_value(rest)
        elif i < len(items) and items[i][0] > indent:
            out[key], i = _block(items, i, items[i][0])
        elif i < len(items) and items[i][0] == indent and items[i][1].startswith("- "):
            out[key], i = _sequence(items, i, indent)   # a sequence not indented
        else:
            out[key] = None
    return out, i


def _flow_value(text):
    if text[0] in "[{":
        value, end = _flow(text, 0)
        if text[end:].strip():
            raise ValueError("trailing text after %r" % text[:end])
        return value
    return _scalar(text)


def _skip(text, i):
    while i < len(text) and text[i] == " ":
        i += 1
    return i


def _flow(text, i):
    i = _skip(text, i)
    ch = text[i]
    if ch == "[":
        out, i = [], _skip(text, i + 1)
        if text[i] == "]":
            return out, i + 1
        while True:
            value, i = _flow(text, i)
            out.append(value)
            i = _skip(text, i)
            if text[i] == ",":
                i += 1
            elif text[i] == "]":
                return out, i + 1
            else:
                raise ValueError("bad flow sequence: %r" % text)
    if ch == "{":
        out, i = {}, _skip(text, i + 1)
        if text[i] == "}":
            return out, i + 1
        while True:
            i = _skip(text, i)
            j = text.index(":", i)
            key = text[i:j].strip()
            value, i = _flow(text, j + 1)
            out[key] = value
            i = _skip(text, i)
            if text[i] == ",":
                i += 1
            elif text[i] == "}":
                return out, i + 1
            else:
                raise ValueError("bad flow mapping: %r" % text)
    if ch in "\"'":
        j = text.index(ch, i + 1)
        return text[i + 1:j], j + 1
    j = i
    while j < len(text) and text[j] not in ",]}":
        j += 1
    return _scalar(text[i:j].strip()), j


def _scalar(text):
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    if text in ("", "~", "null"):
        return None
    if text == "true":
        return True
    if text == "false":
        return False
    if _INT.match(text):
        return int(text)
    return text
