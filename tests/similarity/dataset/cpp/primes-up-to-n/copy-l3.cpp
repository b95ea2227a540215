#include <iostream>
#include <vector>
#define MAX_INPUT (10 * 1000 * 1000)
using namespace std;

const int FIRST_PRIME = 2;

/*
 * Sieve of Eratosthenes.
 * Every multiple of a prime is crossed out, starting from its square.
 */
vector<bool> buildTable(const long upTo) {
    vector<bool> marks(upTo + 1, true);
    marks[0] = false;
    if (upTo >= 1)
        marks[1] = false;
    long p, q;
    for (p = FIRST_PRIME; p * p <= upTo; p++)
        if (marks[p])
            for (q = p * p; q <= upTo; q += p)
                marks[q] = false;
    return marks;
}

vector<long> extract(const vector<bool> &marks) {
    vector<long> found;
    const long size = (long)marks.size();
    for (long p = FIRST_PRIME; p < size; p++)
        if (marks[p])
            found.push_back(p);
    return found;
}

void dump(const vector<long> &found) {
    for (size_t k = 0; k < found.size(); k++) {
        if (k > 0)
            cout << " ";
        cout << found[k];
    }
    cout << endl << "count: " << found.size() << endl;
}

int main() {
    long upTo = 0;
    vector<bool> marks;
    vector<long> found;
    bool verbose = false;
    cin >> upTo;
    if (upTo < 0 || upTo > MAX_INPUT) {
        cout << "n must be between 0 and " << MAX_INPUT << endl;
        return 1;
    }
    marks = buildTable(upTo);
    found = extract(marks);
    dump(found);
    return 0;
}
