import string
import sys


def make_table(shift):
    shift %= 26
    lower = string.ascii_lowercase
    upper = string.ascii_uppercase
    return str.maketrans(lower + upper,
                         lower[shift:] + lower[:shift] + upper[shift:] + upper[:shift])


def read_input():
    text = sys.stdin.read()
    lines = text.splitlines()
    return int(lines[0]), lines[1:]


def main():
    shift, lines = read_input()
    table = make_table(shift)
    for line in lines:
        print(line.translate(table))


main()
