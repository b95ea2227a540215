#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

using namespace std;

vector<long long> readAll(istream &in)
{
    return vector<long long>(istream_iterator<long long>(in), istream_iterator<long long>());
}

string joinColumn(const vector<long long> &cells, size_t rows, size_t cols, size_t col)
{
    ostringstream line;
    for (size_t r = 0; r < rows; r++) {
        line << cells[r * cols + col];
        if (r + 1 < rows)
            line << ' ';
    }
    return line.str();
}

int main()
{
    size_t rows, cols;
    cin >> rows >> cols;
    vector<long long> cells = readAll(cin);
    if (cells.size() < rows * cols) {
        cout << "not enough numbers" << endl;
        return 1;
    }
    string result;
    for (size_t c = 0; c < cols; c++)
        result += joinColumn(cells, rows, cols, c) + "\n";
    cout << result;
    return 0;
}
