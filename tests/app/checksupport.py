"""What the export checks share: their command line, the skip without torch, and loading an export."""

import importlib.util
import json
import os
import sys


def arguments(doc, count):
    """The script's count arguments. Exits 2 with doc when they are not given, and 77 (a skip for ctest)
    when torch is not installed."""
    if len(sys.argv) != count + 1:
        print(doc, file=sys.stderr)
        sys.exit(2)
    try:
        import torch  # noqa: F401
    except ImportError:
        print("torch is not installed: skipped")
        sys.exit(77)
    return sys.argv[1:]


def load_strategy(directory):
    """The export's sightline_strategy.py, imported as a module."""
    spec = importlib.util.spec_from_file_location("sightline_strategy", os.path.join(directory, "sightline_strategy.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def read_json(directory, name):
    """The export's JSON file name, parsed; None where the export did not write it."""
    path = os.path.join(directory, name)
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


def read_env(directory, name):
    """The export's environment file name as {key: value}; None where the export did not write it."""
    path = os.path.join(directory, name)
    if not os.path.exists(path):
        return None
    values = {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                key, value = line.split("=", 1)
                values[key] = value
    return values
