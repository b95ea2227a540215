# Fibonacci numbers: F(0) = 0, F(1) = 1, F(n) = F(n-1) + F(n-2).
# Input: integers separated by whitespace, output: one line per number.
import sys
from functools import lru_cache
sys.setrecursionlimit(10000)

@lru_cache(maxsize=None)
def fib(n):
    # the cache makes the plain recursion linear
    if n < 2: return n
    return fib(n - 1) + fib(n - 2)

def read_numbers(text):
    numbers = []
    for token in text.split():
        numbers.append(int(token))
    return numbers

def format_result(n):
    if n < 0:
        return f"F({n}) is undefined"
    return f"F({n}) = {fib(n)}"

def main():
    data = sys.stdin.read()
    for n in read_numbers(data):
        print(format_result(n))

if __name__ == "__main__":
    main()
