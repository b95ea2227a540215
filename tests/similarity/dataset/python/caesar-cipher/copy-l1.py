import sys

ALPHABET_SIZE = 26

def shift_char(ch, k):
    # letters move k places (wrapping around), anything else stays
    if 'a' <= ch <= 'z':
        return chr((ord(ch) - ord('a') + k) % ALPHABET_SIZE + ord('a'))
    if 'A' <= ch <= 'Z':
        return chr((ord(ch) - ord('A') + k) % ALPHABET_SIZE + ord('A'))
    return ch

def encode_line(line, k):
    result = ""
    for ch in line: result += shift_char(ch, k)
    return result

def main():
    lines = sys.stdin.read().split("\n")
    if not lines or not lines[0].strip():
        print("# error: first line must contain the shift")
        return

    k = int(lines[0])
    body = lines[1:]
    if body and body[-1] == "":
        body.pop()   # the input ended with a newline

    for line in body:
        print(encode_line(line, k))

if __name__ == "__main__":
    main()
