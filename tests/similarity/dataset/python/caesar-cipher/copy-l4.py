import sys

ERROR_MESSAGE = "# error: " + "first line must contain the shift"
LOWER_A, UPPER_A = ord('a'), ord('A')
LETTERS = ord('z') - ord('a') + 1

def solve() -> None:
    encoded_count = 0
    offset: int
    rows: list = sys.stdin.read().split("\n")
    if not rows or not rows[0].strip():
        print(ERROR_MESSAGE)
        return

    rest = rows[1:]
    offset = int(rows[0])
    if rest and rest[-1] == '':
        rest.pop()   # the input ended with a newline

    for text in rest:
        print(cipher(text, offset))

def cipher(text: str, offset: int) -> str:
    out: str = ''
    for c in text: out += rotate(c, offset)
    return out

def rotate(c: str, offset: int) -> str:
    # letters move offset places (wrapping around), anything else stays
    if 'A' <= c <= 'Z':
        return chr((ord(c) - UPPER_A + offset) % LETTERS + UPPER_A)
    if 'a' <= c <= 'z':
        return chr((ord(c) - LOWER_A + offset) % LETTERS + LOWER_A)
    return c

if __name__ == "__main__":
    solve()
