#include <iostream>
#include <vector>
using namespace std;

typedef vector<vector<int>> Matrix;

Matrix readMatrix(int rows, int cols) {
  Matrix m(rows, vector<int>(cols));
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      cin >> m[i][j];
  return m;
}

// element (i, j) of the input becomes element (j, i) of the result
Matrix transpose(const Matrix &m, int rows, int cols) {
  Matrix t(cols, vector<int>(rows));
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      t[j][i] = m[i][j];
  return t;
}

// one row per line, values separated by single spaces
void printMatrix(const Matrix &m) {
  for (size_t i = 0; i < m.size(); i++) {
    for (size_t j = 0; j < m[i].size(); j++) {
      if (j > 0)
        cout << ' ';
      cout << m[i][j];
    }
    cout << '\n';
  }
}

int main() {
  int rows, cols;
  if (!(cin >> rows >> cols) || rows <= 0 || cols <= 0) {
    cerr << "expected: rows cols, then the values // row by row" << endl;
    return 1;
  }
  Matrix m = readMatrix(rows, cols);
  Matrix t = transpose(m, rows, cols);
  printMatrix(t);
  return 0;
}
