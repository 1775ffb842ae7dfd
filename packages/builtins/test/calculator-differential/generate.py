#!/usr/bin/env python3
"""Differential oracle for @toolgate/builtins' CalculatorTool.

Generates random arithmetic expressions from a fixed seed and evaluates them with CPython, the
reference for the calculator's semantics. Expressions given as a JSON array on stdin are
evaluated too (the test adds hand-picked cases that way), so one process does all the work.

Prints one JSON object: {"python": version, "seed": n, "cases": [{"expression", "value" | "error"}]}
where "error" is the Python exception name (or "NonFinite" / "Complex" for a result the
calculator must refuse).

The tool works on 64-bit floats where Python has exact big integers, so generated expressions
whose Python evaluation passes through an integer beyond 2**53, or through a non-finite float,
are skipped: there the difference is documented, not a bug. So are sin/cos/tan of arguments
beyond 1e6, where the last-ulp differences between C's libm and V8's change the result.

Usage: python3 generate.py [--seed 4] [--count 3000] < extra.json
"""

import argparse
import json
import math
import operator
import random
import sys

# The calculator's names, with the Python functions they mirror.
FUNCTIONS = {
    "abs": (abs, 1, 1),
    "sqrt": (math.sqrt, 1, 1),
    "round": (round, 1, 2),
    "log": (math.log, 1, 2),
    "log2": (math.log2, 1, 1),
    "log10": (math.log10, 1, 1),
    "exp": (math.exp, 1, 1),
    "sin": (math.sin, 1, 1),
    "cos": (math.cos, 1, 1),
    "tan": (math.tan, 1, 1),
    "asin": (math.asin, 1, 1),
    "acos": (math.acos, 1, 1),
    "atan": (math.atan, 1, 1),
    "floor": (math.floor, 1, 1),
    "ceil": (math.ceil, 1, 1),
    "trunc": (math.trunc, 1, 1),
    "degrees": (math.degrees, 1, 1),
    "radians": (math.radians, 1, 1),
    "min": (min, 2, 4),
    "max": (max, 2, 4),
}
CONSTANTS = {"pi": math.pi, "e": math.e, "tau": math.tau}
NAMESPACE = {name: spec[0] for name, spec in FUNCTIONS.items()} | CONSTANTS

BINARY = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": operator.truediv,
    "//": operator.floordiv,
    "%": operator.mod,
    "**": operator.pow,
}
# Python precedence: sum 1, term 2, unary 3, power 4, atom 5
PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2, "//": 2, "%": 2, "**": 4}
LIMIT = 2**53
LIBM = {"log", "log2", "log10", "exp", "sin", "cos", "tan", "asin", "acos", "atan"}


class Skip(Exception):
    """The expression leaves the domain where floats and Python agree by design."""


def check(value):
    if isinstance(value, int) and abs(value) > LIMIT:
        raise Skip()
    if isinstance(value, float) and not math.isfinite(value):
        raise Skip()
    return value


class Node:
    """An expression tree node that knows its text, its precedence and its Python value."""

    def __init__(self, text, precedence, thunk, inexact=False, children=()):
        self.text = text
        self.precedence = precedence
        self.error = None
        self.value = None
        # Computed by a libm function (pow, exp, log, trig), whose last bit may differ between
        # C and V8.
        self.inexact = inexact or any(child.inexact for child in children)
        try:
            self.value = check(thunk())
        except Skip:
            raise
        except (ArithmeticError, ValueError, TypeError) as error:
            self.error = error


def wrap(node, needed, rng):
    if node.precedence < needed or rng.random() < 0.05:
        return f"({node.text})"
    return node.text


def propagate(*nodes):
    for node in nodes:
        if isinstance(node.value, complex):
            raise Skip()  # Python goes on with complex numbers; the tool refuses them
    for node in nodes:
        if node.error is not None:
            raise node.error


def fragile(quotient, nodes, half=False):
    """Skip a jump (floor, //, %, round) whose input carries libm noise and sits near a step."""
    if not any(node.inexact for node in nodes):
        return
    q = quotient - 0.5 if half else quotient
    if abs(q) > 1e6 or abs(q - round(q)) <= 1e-9 * max(1.0, abs(q)):
        raise Skip()


def leaf(rng):
    roll = rng.random()
    if roll < 0.45:
        n = rng.choice([0, 1, 2, 3, 4, 5, 7, 10]) if rng.random() < 0.5 else rng.randint(0, 100)
        return Node(str(n), 5, lambda: n)
    if roll < 0.6:
        n = rng.randint(100, 10**6)
        return Node(str(n), 5, lambda: n)
    if roll < 0.85:
        text = rng.choice(
            [
                f"{rng.randint(0, 99)}.{rng.randint(0, 999)}",
                f"0.{rng.randint(0, 99):02d}",
                f"{rng.randint(1, 9)}e{rng.randint(-5, 5)}",
                f".{rng.randint(1, 9)}",
                f"{rng.randint(1, 99)}.5",
                f"{rng.randint(0, 9)}.{rng.randint(0, 9)}25",
            ]
        )
        value = float(text)
        return Node(text, 5, lambda: value)
    name = rng.choice(list(CONSTANTS))
    return Node(name, 5, lambda: CONSTANTS[name])


def unary(rng, depth):
    op = "-" if rng.random() < 0.8 else "+"
    operand = expression(rng, depth - 1)
    text = f"{op}{' ' if rng.random() < 0.2 else ''}{wrap(operand, 3, rng)}"

    def thunk():
        propagate(operand)
        return -operand.value if op == "-" else +operand.value

    return Node(text, 3, thunk)


def binary(rng, depth):
    op = rng.choice(["+", "-", "*", "/", "//", "%", "**", "+", "-", "*", "/"])
    left = expression(rng, depth - 1)
    if op == "**":
        # small exponents keep Python's exact integers from exploding
        right = expression(rng, 0) if rng.random() < 0.6 else small_exponent(rng)
    else:
        right = expression(rng, depth - 1)
    p = PRECEDENCE[op]
    if op == "**":
        left_text = wrap(left, 5, rng)  # a primary: -2**2 is -(2**2)
        right_text = wrap(right, 3, rng)  # a factor: 2**-1 is allowed
    else:
        left_text = wrap(left, p, rng)
        right_text = wrap(right, p + 1, rng)
    space = " " if rng.random() < 0.7 else ""
    text = f"{left_text}{space}{op}{space}{right_text}"

    def thunk():
        propagate(left, right)
        if op == "**" and isinstance(left.value, int) and isinstance(right.value, int):
            if abs(left.value) > 1 and right.value * math.log2(abs(left.value)) > 60:
                raise Skip()  # an exact integer too large for a float
        if op in ("//", "%") and right.value != 0:
            fragile(left.value / right.value, (left, right))
        if op == "**" and left.value < 0 and not float(right.value).is_integer():
            try:
                return BINARY[op](left.value, right.value)  # complex
            except ArithmeticError:
                raise Skip() from None  # complex overflow: the tool says "domain" first
        return BINARY[op](left.value, right.value)

    exact = all(isinstance(node.value, int) for node in (left, right)) and right.value >= 0
    inexact = op == "**" and not exact
    return Node(text, p, thunk, inexact, (left, right))


def small_exponent(rng):
    n = rng.choice([-3, -2, -1, 0, 1, 2, 3, 0.5, 1.5, -0.5, 10])
    if n < 0:
        return Node(f"-{-n}", 3, lambda: n)
    return Node(str(n), 5, lambda: n)


def call(rng, depth):
    name = rng.choice(list(FUNCTIONS))
    fn, low, high = FUNCTIONS[name]
    count = rng.randint(low, high)
    if rng.random() < 0.03:
        count = high + 1 if rng.random() < 0.5 else max(0, low - 1)  # wrong arity
    if name == "round" and count == 2:
        args = [expression(rng, depth - 1), small_integer(rng)]
    else:
        args = [expression(rng, depth - 1) for _ in range(count)]
    text = f"{name}({', '.join(arg.text for arg in args)})"

    def thunk():
        propagate(*args)
        if name in ("sin", "cos", "tan") and len(args) == 1 and abs(args[0].value) > 1e6:
            # Ill-conditioned: one ulp of difference in the argument (C's pow and V8's differ
            # by an ulp now and then) changes the result completely.
            raise Skip()
        if name in ("floor", "ceil", "trunc") and len(args) == 1:
            fragile(args[0].value, args)
        if name == "round" and len(args) == 1:
            fragile(args[0].value, args, half=True)
        if name == "round" and len(args) == 2:
            fragile(args[0].value * 10.0 ** args[1].value, args, half=True)
        return fn(*(arg.value for arg in args))

    return Node(text, 5, thunk, name in LIBM, args)


def small_integer(rng):
    n = rng.randint(-3, 6)
    return Node(str(n), 3 if n < 0 else 5, lambda: n)


def expression(rng, depth):
    if depth <= 0:
        return leaf(rng)
    roll = rng.random()
    if roll < 0.15:
        return leaf(rng)
    if roll < 0.25:
        return unary(rng, depth)
    if roll < 0.7:
        return binary(rng, depth)
    return call(rng, depth)


def evaluate(text):
    """What CPython says, mapped to the calculator's outcomes."""
    try:
        value = eval(text, {"__builtins__": {}}, dict(NAMESPACE))  # noqa: S307 - our own strings
    except (ArithmeticError, ValueError, TypeError, SyntaxError, NameError) as error:
        return {"expression": text, "error": type(error).__name__}
    if isinstance(value, complex):
        return {"expression": text, "error": "Complex"}
    try:
        value = float(value)
    except OverflowError:
        return {"expression": text, "error": "OverflowError"}
    if not math.isfinite(value):
        return {"expression": text, "error": "NonFinite"}
    return {"expression": text, "value": value}


def generate(seed, count):
    rng = random.Random(seed)
    cases = []
    while len(cases) < count:
        try:
            node = expression(rng, rng.randint(1, 4))
        except Skip:
            continue
        case = evaluate(node.text)
        # The tree's own evaluation and CPython's parse of the text must agree, or the printer
        # put the parentheses wrong.
        if node.error is None and "error" not in case and case["value"] != float(node.value):
            raise AssertionError(f"printer bug: {node.text}")
        cases.append(case)
    return cases


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--count", type=int, default=3000)
    parser.add_argument("--no-stdin", action="store_true", help="do not read extra expressions")
    options = parser.parse_args()
    extra = [] if options.no_stdin else json.loads(sys.stdin.read() or "[]")
    cases = [evaluate(text) for text in extra] + generate(options.seed, options.count)
    json.dump({"python": sys.version.split()[0], "seed": options.seed, "cases": cases}, sys.stdout)


if __name__ == "__main__":
    main()
