# Fibonacci numbers: F(0) = 0, F(1) = 1, F(n) = F(n-1) + F(n-2).
# Input: integers separated by whitespace, output: one line per number.
import sys
from functools import lru_cache
from typing import List

MAX_DEPTH = 10 ** 4
BASE_CASES = 2
sys.setrecursionlimit(MAX_DEPTH)

@lru_cache(maxsize=None)
def term(k: int) -> int:
    # the cache makes the plain recursion linear
    if k < BASE_CASES: return k
    return term(k - 1) + term(k - BASE_CASES)

def parse(raw: str) -> List[int]:
    values: List[int] = []
    piece: str
    for piece in raw.split():
        values.append(int(piece, 10))
    return values

def describe(k: int) -> str:
    if k < 0:
        return f"F({k}) is undefined"
    return f"F({k}) = {term(k)}"

def run() -> None:
    raw: str = sys.stdin.read()
    lines_done = 0
    for k in parse(raw):
        print(describe(k))

if __name__ == "__main__":
    run()
