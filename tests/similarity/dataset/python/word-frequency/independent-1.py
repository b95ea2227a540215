import string
import sys
from collections import Counter


def words_of(text):
    for token in text.split():
        w = token.strip(string.punctuation).lower()
        if w:
            yield w


def report(counter):
    ranked = sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))
    for w, c in ranked:
        print(f"{w}: {c}")
    print("{distinct=%d, total=%d}" % (len(counter), sum(counter.values())))


if __name__ == "__main__":
    report(Counter(words_of(sys.stdin.read())))
