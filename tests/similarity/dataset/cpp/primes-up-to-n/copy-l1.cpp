#include <iostream>
#include <vector>
#define LIMIT 10000000
using namespace std;

/*
 * Sieve of Eratosthenes.
 * Every multiple of a prime is crossed out, starting from its square.
 */
vector<bool> sieve(int n) {
    vector<bool> isPrime(n + 1, true);
    isPrime[0] = false;
    if (n >= 1)
        isPrime[1] = false;
    for (int i = 2; i * i <= n; i++)
        if (isPrime[i])
            for (int j = i * i; j <= n; j += i)
                isPrime[j] = false;
    return isPrime;
}

vector<int> collectPrimes(const vector<bool> &isPrime) {
    vector<int> primes;
    for (int i = 2; i < (int)isPrime.size(); i++)
        if (isPrime[i])
            primes.push_back(i);
    return primes;
}

void printPrimes(const vector<int> &primes) {
    for (size_t i = 0; i < primes.size(); i++) {
        if (i > 0)
            cout << " ";
        cout << primes[i];
    }
    cout << endl << "count: " << primes.size() << endl;
}

int main() {
    int n;
    cin >> n;
    if (n < 0 || n > LIMIT) {
        cout << "n must be between 0 and " << LIMIT << endl;
        return 1;
    }
    vector<bool> isPrime = sieve(n);
    vector<int> primes = collectPrimes(isPrime);
    printPrimes(primes);
    return 0;
}
