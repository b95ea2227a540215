import sys


def fibonacci(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


def answer(n):
    if n < 0:
        return "F(" + str(n) + ") is undefined"
    return "F(" + str(n) + ") = " + str(fibonacci(n))


def main():
    for line in sys.stdin:
        for word in line.split():
            print(answer(int(word)))


main()
