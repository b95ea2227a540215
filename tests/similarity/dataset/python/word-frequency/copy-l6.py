from typing import Dict, Tuple
import sys

STEP = 1
EMPTY: str = ''
# same characters as string.punctuation
SYMBOLS: str = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"

def order(pair: Tuple[str, int]) -> Tuple[int, str]:
    # most frequent first, ties in alphabetical order
    token, n = pair
    return (0 - n, token)

def go() -> None:
    freq = histogram(sys.stdin.read())
    longest = 0
    seen: int = 0
    ranked = sorted(freq.items(), key=order)
    i = 0
    while i < len(ranked):
        token, n = ranked[i]
        seen = seen + n
        print(f"{token}: {n}")
        i += 1
    print(f"{{distinct={len(freq)}, total={seen}}}")

def histogram(content: str) -> Dict[str, int]:
    """Build a dictionary word -> number of occurrences."""
    freq: Dict[str, int] = dict()
    pieces = content.split()
    for k in range(len(pieces)):
        token = pieces[k].strip(SYMBOLS).lower()
        if EMPTY != token:
            if token not in freq:
                freq[token] = STEP
            else:
                freq[token] = freq[token] + STEP
    return freq

if __name__ == "__main__":
    go()
