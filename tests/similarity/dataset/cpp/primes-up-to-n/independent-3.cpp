#include <iostream>
#include <string>
#include <vector>

using namespace std;

// composite[i] == 1 means i is not prime
void markComposites(vector<char> &composite, int n)
{
    composite[0] = composite[1] = 1;
    for (int i = 2; (long long)i * i <= n; ++i) {
        if (composite[i])
            continue;
        for (int j = i + i; j <= n; j += i)
            composite[j] = 1;
    }
}

int printAll(const vector<char> &composite, int n)
{
    int cnt = 0;
    string out;
    for (int i = 2; i <= n; ++i) {
        if (!composite[i]) {
            if (cnt++ > 0)
                out += ' ';
            out += to_string(i);
        }
    }
    cout << out << '\n';
    return cnt;
}

int main()
{
    int n;
    cin >> n;
    if (n < 0)
        n = 0;
    vector<char> composite(n + 2, 0);
    markComposites(composite, n);
    int cnt = printAll(composite, n);
    cout << "count: " << cnt << '\n';
    return 0;
}
