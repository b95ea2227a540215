import sys
import string

PUNCT = set(string.punctuation)


def trim(w):
    # remove punctuation characters from the start and from the end
    start = 0
    end = len(w)
    while start < end and w[start] in PUNCT:
        start += 1
    while end > start and w[end - 1] in PUNCT:
        end -= 1
    return w[start:end].lower()


def frequencies(lines):
    freq = {}
    total = 0
    for line in lines:
        for w in line.split():
            w = trim(w)
            if len(w) > 0:
                freq[w] = freq.get(w, 0) + 1
                total += 1
    return freq, total


def main():
    freq, total = frequencies(sys.stdin)
    words = list(freq.keys())
    words.sort()
    words.sort(key=lambda w: freq[w], reverse=True)
    for w in words:
        print(w + ": " + str(freq[w]))
    print("{" + "distinct=" + str(len(freq)) + ", total=" + str(total) + "}")


main()
