# Fibonacci numbers: F(0) = 0, F(1) = 1, F(n) = F(n-1) + F(n-2).
# Input: integers separated by whitespace, output: one line per number.
import sys
from functools import lru_cache
sys.setrecursionlimit(10000)

@lru_cache(maxsize=None)
def term(k):
    # the cache makes the plain recursion linear
    if k < 2: return k
    return term(k - 1) + term(k - 2)

def parse(raw):
    values = []
    for piece in raw.split():
        values.append(int(piece))
    return values

def describe(k):
    if k < 0:
        return f"F({k}) is undefined"
    return f"F({k}) = {term(k)}"

def run():
    raw = sys.stdin.read()
    for k in parse(raw):
        print(describe(k))

if __name__ == "__main__":
    run()
