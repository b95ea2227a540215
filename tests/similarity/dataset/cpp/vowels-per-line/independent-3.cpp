#include <iostream>

bool table[256];

void initTable()
{
    const char *v = "aeiouAEIOU";
    for (int i = 0; v[i] != '\0'; i++)
        table[(unsigned char)v[i]] = true;
}

void printLine(int lineNumber, int count)
{
    std::cout << lineNumber << ": " << count << "\n";
}

int main()
{
    initTable();
    int line = 1, current = 0, total = 0;
    bool pending = false;   // characters seen after the last newline
    char c;
    while (std::cin.get(c)) {
        if (c == '\n') {
            printLine(line++, current);
            total += current;
            current = 0;
            pending = false;
        } else {
            pending = true;
            if (table[(unsigned char)c])
                current++;
        }
    }
    if (pending) {
        printLine(line, current);
        total += current;
    }
    std::cout << "total: " << total << "\n";
    return 0;
}
