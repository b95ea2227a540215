#include <cctype>
#include <iostream>
#include <string>

using namespace std;

bool isVowel(char ch)
{
    switch (tolower(static_cast<unsigned char>(ch))) {
    case 'a':
    case 'e':
    case 'i':
    case 'o':
    case 'u':
        return true;
    default:
        return false;
    }
}

int processLine(const string &s, int number)
{
    int v = 0;
    for (size_t i = 0; i < s.length(); i++)
        if (isVowel(s[i]))
            v++;
    cout << number << ": " << v << endl;
    return v;
}

int main()
{
    string s;
    int number = 0, total = 0;
    while (getline(cin, s))
        total += processLine(s, ++number);
    cout << "total: " << total << endl;
    return 0;
}
