#include <cstdio>
#include <vector>

// only divide by primes we already found
static bool divisibleByKnown(long long x, const std::vector<long long> &known)
{
    for (long long p : known) {
        if (p * p > x)
            break;
        if (x % p == 0)
            return true;
    }
    return false;
}

static void printList(const std::vector<long long> &list)
{
    const char *sep = "";
    for (long long v : list) {
        std::printf("%s%lld", sep, v);
        sep = " ";
    }
    std::printf("\ncount: %zu\n", list.size());
}

int main()
{
    long long n = 0;
    if (std::scanf("%lld", &n) != 1)
        return 1;
    std::vector<long long> primes;
    for (long long x = 2; x <= n; ++x) {
        if (!divisibleByKnown(x, primes))
            primes.push_back(x);
    }
    printList(primes);
    return 0;
}
