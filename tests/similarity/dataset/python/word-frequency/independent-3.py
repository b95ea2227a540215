import re
import sys
from collections import defaultdict
from string import punctuation

EDGES = re.compile("^[" + re.escape(punctuation) + "]+|[" + re.escape(punctuation) + "]+$")


def tokenize(text):
    result = []
    for raw in re.split(r"\s+", text):
        word = EDGES.sub("", raw).lower()
        if word:
            result.append(word)
    return result


def tally(words):
    table = defaultdict(int)
    for w in words:
        table[w] += 1
    return table


def main():
    words = tokenize(sys.stdin.read())
    table = tally(words)
    for word in sorted(table, key=lambda w: (-table[w], w)):
        print("{}: {}".format(word, table[word]))
    print("{{distinct={}, total={}}}".format(len(table), len(words)))


if __name__ == "__main__":
    main()
