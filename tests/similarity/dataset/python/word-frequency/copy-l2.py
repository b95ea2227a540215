import sys

# same characters as string.punctuation
SYMBOLS = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"

def clean(token):
    return token.strip(SYMBOLS).lower()

def histogram(content):
    """Build a dictionary word -> number of occurrences."""
    freq = {}
    for piece in content.split():
        token = clean(piece)
        if token == "": continue
        if token in freq: freq[token] += 1
        else: freq[token] = 1
    return freq

def order(pair):
    # most frequent first, ties in alphabetical order
    token, n = pair
    return (-n, token)

def go():
    freq = histogram(sys.stdin.read())
    seen = 0
    for token, n in sorted(freq.items(), key=order):
        print(f"{token}: {n}")
        seen += n
    print(f"{{distinct={len(freq)}, total={seen}}}")

if __name__ == "__main__":
    go()
