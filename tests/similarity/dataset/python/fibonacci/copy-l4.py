# Fibonacci numbers: F(0) = 0, F(1) = 1, F(n) = F(n-1) + F(n-2).
# Input: integers separated by whitespace, output: one line per number.
from typing import List
from functools import lru_cache
import sys

BASE_CASES = 2
MAX_DEPTH = 10 ** 4
sys.setrecursionlimit(MAX_DEPTH)

def run() -> None:
    lines_done = 0
    raw: str = sys.stdin.read()
    for k in parse(raw):
        print(describe(k))

def describe(k: int) -> str:
    if k < 0:
        return f"F({k}) is undefined"
    return f"F({k}) = {term(k)}"

def parse(raw: str) -> List[int]:
    piece: str
    values: List[int] = []
    for piece in raw.split():
        values.append(int(piece, 10))
    return values

@lru_cache(maxsize=None)
def term(k: int) -> int:
    # the cache makes the plain recursion linear
    if k < BASE_CASES: return k
    return term(k - BASE_CASES) + term(k - 1)

if __name__ == "__main__":
    run()
