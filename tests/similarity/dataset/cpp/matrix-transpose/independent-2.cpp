#include <iostream>
#include <vector>
using namespace std;

class Matrix {
public:
    Matrix(int r, int c) : r_(r), c_(c), data_(r * c, 0) {}

    int &at(int i, int j) { return data_[i * c_ + j]; }
    int at(int i, int j) const { return data_[i * c_ + j]; }

    Matrix transposed() const {
        Matrix res(c_, r_);
        for (int i = 0; i < r_; ++i)
            for (int j = 0; j < c_; ++j)
                res.at(j, i) = at(i, j);
        return res;
    }

    void read(istream &in) {
        for (int &x : data_)
            in >> x;
    }

    void print(ostream &out) const {
        for (int i = 0; i < r_; ++i) {
            for (int j = 0; j < c_; ++j)
                out << at(i, j) << (j + 1 < c_ ? " " : "\n");
        }
    }

private:
    int r_, c_;
    vector<int> data_;
};

int main() {
    int r, c;
    cin >> r >> c;
    Matrix m(r, c);
    m.read(cin);
    m.transposed().print(cout);
    return 0;
}
