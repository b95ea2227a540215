"""Fibonacci via 2x2 matrix exponentiation: [[1,1],[1,0]]^n = [[F(n+1),F(n)],[F(n),F(n-1)]]."""
import sys


def mat_mult(x, y):
    return [
        [x[0][0] * y[0][0] + x[0][1] * y[1][0], x[0][0] * y[0][1] + x[0][1] * y[1][1]],
        [x[1][0] * y[0][0] + x[1][1] * y[1][0], x[1][0] * y[0][1] + x[1][1] * y[1][1]],
    ]


def mat_pow(m, e):
    result = [[1, 0], [0, 1]]
    while e > 0:
        if e % 2 == 1:
            result = mat_mult(result, m)
        m = mat_mult(m, m)
        e //= 2
    return result


def fib(n):
    return mat_pow([[1, 1], [1, 0]], n)[0][1]


if __name__ == "__main__":
    for tok in sys.stdin.read().split():
        n = int(tok)
        if n >= 0:
            print("F({}) = {}".format(n, fib(n)))
        else:
            print("F({}) is undefined".format(n))
