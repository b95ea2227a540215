class Caesar:
    """Simple Caesar cipher that only touches the letters a-z and A-Z."""

    def __init__(self, shift):
        self.shift = shift % 26

    def _move(self, c, first):
        return chr(ord(first) + (ord(c) - ord(first) + self.shift) % 26)

    def encrypt(self, text):
        out = []
        for c in text:
            if c.islower() and c.isascii():
                out.append(self._move(c, 'a'))
            elif c.isupper() and c.isascii():
                out.append(self._move(c, 'A'))
            else:
                out.append(c)
        return "".join(out)


def main():
    cipher = Caesar(int(input()))
    while True:
        try:
            line = input()
        except EOFError:
            break
        print(cipher.encrypt(line))


if __name__ == "__main__":
    main()
