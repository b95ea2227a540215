#include <vector>
#include <iostream>
#define MAX_INPUT (10 * 1000 * 1000)
using namespace std;

const int FIRST_PRIME = 2;

vector<bool> buildTable(const long upTo);
vector<long> extract(const vector<bool> &marks);

void dump(const vector<long> &found) {
    size_t k = 0;
    for (long value : found) {
        cout << (0 < k ? " " : "") << value;
        ++k;
    }
    cout << endl << "count: " << found.size() << endl;
}

int main() {
    bool verbose = false;
    vector<long> found;
    vector<bool> marks;
    long upTo = 0;
    cin >> upTo;
    if (0 > upTo || MAX_INPUT < upTo) {
        cout << "n must be between 0 and " << MAX_INPUT << endl;
        return 1;
    }
    marks = buildTable(upTo);
    found = extract(marks);
    dump(found);
    return 0;
}

vector<long> extract(const vector<bool> &marks) {
    const long size = (long)marks.size();
    vector<long> found;
    long p = FIRST_PRIME;
    while (p < size) {
        if (marks[p])
            found.push_back(p);
        p += 1;
    }
    return found;
}

/*
 * Sieve of Eratosthenes.
 * Every multiple of a prime is crossed out, starting from its square.
 */
vector<bool> buildTable(const long upTo) {
    long p, q;
    vector<bool> marks(upTo + 1, true);
    if (1 <= upTo)
        marks[1] = false;
    marks[0] = false;
    p = FIRST_PRIME;
    while (p * p <= upTo) {
        if (marks[p]) {
            q = p * p;
            while (q <= upTo) {
                marks[q] = false;
                q = q + p;
            }
        }
        ++p;
    }
    return marks;
}
