import sys

ERROR_MESSAGE = "# error: " + "first line must contain the shift"
LOWER_A, UPPER_A = ord('a'), ord('A')
LETTERS = ord('z') - ord('a') + 1

def solve() -> None:
    encoded_count = 0
    offset: int
    rows: list = sys.stdin.read().split("\n")
    if len(rows) == 0 or rows[0].strip() == '':
        print(ERROR_MESSAGE)
        return

    rest = rows[1:]
    offset = int(rows[0])
    if len(rest) > 0 and rest[len(rest) - 1] == '':
        rest.pop()   # the input ended with a newline

    i = 0
    while i < len(rest):
        print(cipher(rest[i], offset))
        i += 1

def cipher(text: str, offset: int) -> str:
    out: str = ''
    for i in range(len(text)):
        out = out + rotate(text[i], offset)
    return out

def rotate(c: str, offset: int) -> str:
    # letters move offset places (wrapping around), anything else stays
    if c >= 'A' and c <= 'Z':
        return chr((ord(c) - UPPER_A + offset) % LETTERS + UPPER_A)
    return chr((ord(c) - LOWER_A + offset) % LETTERS + LOWER_A) if 'a' <= c <= 'z' else c

if __name__ == "__main__":
    solve()
