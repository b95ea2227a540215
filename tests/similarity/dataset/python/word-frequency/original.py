import sys

PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"


def normalize(word):
    """Lower-case a word and strip punctuation from both ends."""
    return word.strip(PUNCTUATION).lower()


def count_words(text):
    counts = {}
    for raw in text.split():
        word = normalize(raw)
        if word == "":
            continue
        if word in counts:
            counts[word] += 1
        else:
            counts[word] = 1
    return counts


def sort_key(item):
    word, count = item
    return (-count, word)


def main():
    counts = count_words(sys.stdin.read())
    total = 0
    for word, count in sorted(counts.items(), key=sort_key):
        print(f"{word}: {count}")
        total += count
    print(f"{{distinct={len(counts)}, total={total}}}")


if __name__ == "__main__":
    main()
