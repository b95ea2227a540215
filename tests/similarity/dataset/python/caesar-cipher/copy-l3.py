import sys

LETTERS = ord('z') - ord('a') + 1
LOWER_A, UPPER_A = ord('a'), ord('A')
ERROR_MESSAGE = "# error: " + "first line must contain the shift"

def rotate(c: str, offset: int) -> str:
    # letters move offset places (wrapping around), anything else stays
    if 'a' <= c <= 'z':
        return chr((ord(c) - LOWER_A + offset) % LETTERS + LOWER_A)
    if 'A' <= c <= 'Z':
        return chr((ord(c) - UPPER_A + offset) % LETTERS + UPPER_A)
    return c

def cipher(text: str, offset: int) -> str:
    out: str = ''
    for c in text: out += rotate(c, offset)
    return out

def solve() -> None:
    rows: list = sys.stdin.read().split("\n")
    offset: int
    encoded_count = 0
    if not rows or not rows[0].strip():
        print(ERROR_MESSAGE)
        return

    offset = int(rows[0])
    rest = rows[1:]
    if rest and rest[-1] == '':
        rest.pop()   # the input ended with a newline

    for text in rest:
        print(cipher(text, offset))

if __name__ == "__main__":
    solve()
