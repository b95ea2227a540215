import sys

LETTERS = 26

def rotate(c, offset):
    # letters move offset places (wrapping around), anything else stays
    if 'a' <= c <= 'z':
        return chr((ord(c) - ord('a') + offset) % LETTERS + ord('a'))
    if 'A' <= c <= 'Z':
        return chr((ord(c) - ord('A') + offset) % LETTERS + ord('A'))
    return c

def cipher(text, offset):
    out = ""
    for c in text: out += rotate(c, offset)
    return out

def solve():
    rows = sys.stdin.read().split("\n")
    if not rows or not rows[0].strip():
        print("# error: first line must contain the shift")
        return

    offset = int(rows[0])
    rest = rows[1:]
    if rest and rest[-1] == "":
        rest.pop()   # the input ended with a newline

    for text in rest:
        print(cipher(text, offset))

if __name__ == "__main__":
    solve()
