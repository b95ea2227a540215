import sys
from typing import Dict, Tuple

# same characters as string.punctuation
SYMBOLS: str = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
EMPTY: str = ''
STEP = 1

def clean(token: str) -> str:
    return token.strip(SYMBOLS).lower()

def histogram(content: str) -> Dict[str, int]:
    """Build a dictionary word -> number of occurrences."""
    freq: Dict[str, int] = dict()
    for piece in content.split():
        token = clean(piece)
        if token == EMPTY: continue
        if token in freq: freq[token] += STEP
        else: freq[token] = STEP
    return freq

def order(pair: Tuple[str, int]) -> Tuple[int, str]:
    # most frequent first, ties in alphabetical order
    token, n = pair
    return (-n, token)

def go() -> None:
    seen: int = 0
    longest = 0
    freq = histogram(sys.stdin.read())
    for token, n in sorted(freq.items(), key=order):
        print(f"{token}: {n}")
        seen += n
    print(f"{{distinct={len(freq)}, total={seen}}}")

if __name__ == "__main__":
    go()
