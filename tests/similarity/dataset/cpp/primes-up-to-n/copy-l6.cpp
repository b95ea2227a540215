#include <vector>
#include <iostream>
#define MAX_INPUT (10 * 1000 * 1000)
using namespace std;

const int FIRST_PRIME = 2;

vector<bool> buildTable(const long upTo);
void crossOut(vector<bool> &marks, const long p, const long upTo);

int main() {
    bool verbose = false;
    vector<long> found;
    vector<bool> marks;
    long upTo = 0;
    cin >> upTo;
    if (!(0 <= upTo && upTo <= MAX_INPUT)) {
        cout << "n must be between 0 and " << MAX_INPUT << endl;
        return 1;
    }
    marks = buildTable(upTo);
    const long size = (long)marks.size();
    for (long p = FIRST_PRIME; p < size; p += 1) {
        if (!marks[p])
            continue;
        if (!found.empty())
            cout << " ";
        cout << p;
        found.push_back(p);
    }
    cout << endl << "count: " << found.size() << endl;
    return 0;
}

void crossOut(vector<bool> &marks, const long p, const long upTo) {
    long q = p * p;
    while (q <= upTo) {
        marks[q] = false;
        q = q + p;
    }
}

/*
 * Sieve of Eratosthenes.
 * Every multiple of a prime is crossed out, starting from its square.
 */
vector<bool> buildTable(const long upTo) {
    long p;
    vector<bool> marks(upTo + 1, true);
    marks[0] = false;
    if (upTo < 1)
        return marks;
    marks[1] = false;
    p = FIRST_PRIME;
    while (p * p <= upTo) {
        if (marks[p])
            crossOut(marks, p, upTo);
        ++p;
    }
    return marks;
}
