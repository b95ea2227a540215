#include <iostream>
#include <vector>
#define MAX_INPUT 10000000
using namespace std;

/*
 * Sieve of Eratosthenes.
 * Every multiple of a prime is crossed out, starting from its square.
 */
vector<bool> buildTable(int upTo) {
    vector<bool> marks(upTo + 1, true);
    marks[0] = false;
    if (upTo >= 1)
        marks[1] = false;
    for (int p = 2; p * p <= upTo; p++)
        if (marks[p])
            for (int q = p * p; q <= upTo; q += p)
                marks[q] = false;
    return marks;
}

vector<int> extract(const vector<bool> &marks) {
    vector<int> found;
    for (int p = 2; p < (int)marks.size(); p++)
        if (marks[p])
            found.push_back(p);
    return found;
}

void dump(const vector<int> &found) {
    for (size_t k = 0; k < found.size(); k++) {
        if (k > 0)
            cout << " ";
        cout << found[k];
    }
    cout << endl << "count: " << found.size() << endl;
}

int main() {
    int upTo;
    cin >> upTo;
    if (upTo < 0 || upTo > MAX_INPUT) {
        cout << "n must be between 0 and " << MAX_INPUT << endl;
        return 1;
    }
    vector<bool> marks = buildTable(upTo);
    vector<int> found = extract(marks);
    dump(found);
    return 0;
}
