import sys

ERROR_MESSAGE = "# error: " + "first line must contain the shift"
LOWER_A, UPPER_A = ord('a'), ord('A')
LETTERS = ord('z') - ord('a') + 1

def solve() -> None:
    encoded_count = 0
    offset: int
    rows: list = sys.stdin.read().split("\n")
    if len(rows) != 0 and rows[0].strip() != '':
        rest = rows[1:]
        offset = int(rows[0])
        if len(rest) > 0:
            if rest[len(rest) - 1] == '':
                rest.pop()   # the input ended with a newline

        i = 0
        while i < len(rest):
            print(cipher(rest[i], offset))
            i += 1
    else:
        print(ERROR_MESSAGE)

def base_of(c: str) -> int:
    if c < 'A' or c > 'Z':
        return LOWER_A
    return UPPER_A

def cipher(text: str, offset: int) -> str:
    out: str = ''
    for i in range(len(text)):
        c = text[i]
        if not c.isascii() or not c.isalpha():
            out = out + c
            continue
        base = base_of(c)
        out = out + chr((ord(c) - base + offset) % LETTERS + base)
    return out

if __name__ == "__main__":
    solve()
