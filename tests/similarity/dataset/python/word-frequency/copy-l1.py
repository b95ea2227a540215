import sys

# same characters as string.punctuation
PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"

def normalize(word):
    return word.strip(PUNCTUATION).lower()

def count_words(text):
    """Build a dictionary word -> number of occurrences."""
    counts = {}
    for raw in text.split():
        word = normalize(raw)
        if word == "": continue
        if word in counts: counts[word] += 1
        else: counts[word] = 1
    return counts

def sort_key(item):
    # most frequent first, ties in alphabetical order
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
