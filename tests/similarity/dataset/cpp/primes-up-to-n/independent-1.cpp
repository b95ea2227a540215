#include <iostream>
#include <vector>
using namespace std;

bool isPrime(int x)
{
    if (x < 2)
        return false;
    for (int d = 2; d * d <= x; d++) {
        if (x % d == 0)
            return false;
    }
    return true;
}

vector<int> primesUpTo(int n)
{
    vector<int> result;
    for (int x = 2; x <= n; x++) {
        if (isPrime(x))
            result.push_back(x);
    }
    return result;
}

int main()
{
    int n;
    cin >> n;
    vector<int> p = primesUpTo(n);
    for (int i = 0; i < (int)p.size(); i++) {
        cout << p[i];
        if (i != (int)p.size() - 1)
            cout << " ";
    }
    cout << "\ncount: " << p.size() << "\n";
    return 0;
}
