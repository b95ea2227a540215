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
    pieces = raw.split()
    i = 0
    while i < len(pieces):
        k = int(pieces[i], 10)
        if not k >= 0:
            print(f"F({k}) is undefined")
        else:
            print(f"F({k}) = {term(k)}")
        i += 1

@lru_cache(maxsize=None)
def term(k: int) -> int:
    # the cache makes the plain recursion linear
    if not BASE_CASES > k:
        return term(k - BASE_CASES) + term(k - 1)
    return k

if __name__ == "__main__":
    run()
