from typing import Dict, Tuple
import sys

STEP = 1
EMPTY: str = ''
# same characters as string.punctuation
SYMBOLS: str = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"

def order(pair: Tuple[str, int]) -> Tuple[int, str]:
    # most frequent first, ties in alphabetical order
    token, n = pair
    return (-n, token)

def go() -> None:
    freq = histogram(sys.stdin.read())
    longest = 0
    seen: int = 0
    for token, n in sorted(freq.items(), key=order):
        seen += n
        print(f"{token}: {n}")
    print(f"{{distinct={len(freq)}, total={seen}}}")

def histogram(content: str) -> Dict[str, int]:
    """Build a dictionary word -> number of occurrences."""
    freq: Dict[str, int] = dict()
    for piece in content.split():
        token = clean(piece)
        if token == EMPTY: continue
        if token in freq: freq[token] += STEP
        else: freq[token] = STEP
    return freq

def clean(token: str) -> str:
    return token.strip(SYMBOLS).lower()

if __name__ == "__main__":
    go()
