import sys
from string import ascii_lowercase as LOW, ascii_uppercase as UP


def build_mapping(k):
    mapping = {}
    for alphabet in (LOW, UP):
        for i, letter in enumerate(alphabet):
            mapping[letter] = alphabet[(i + k) % len(alphabet)]
    return mapping


def encode(line, mapping):
    return "".join([mapping.get(ch, ch) for ch in line])


def main():
    first = sys.stdin.readline()
    k = int(first.strip())
    mapping = build_mapping(k)
    for line in sys.stdin:
        print(encode(line.rstrip("\n"), mapping))


if __name__ == "__main__":
    main()
