#include <vector>
#include <iostream>
#include <cstdlib>
using namespace std;

using Grid = vector<vector<long>>;

const char SEP = ' ';

// one row per line, values separated by single spaces
void show(const Grid &g) {
  for (const auto &row : g) {
    std::size_t c = 0;
    while (c < row.size()) {
      if (0 < c)
        cout << SEP;
      cout << row[c];
      ++c;
    }
    cout << '\n';
  }
}

// element (r, c) of the input becomes element (c, r) of the result
Grid flip(const Grid &src, const long h, const long w) {
  Grid dst(w, vector<long>(h, 0L));
  long r = 0;
  while (r < h) {
    for (long c = 0; c < w; c += 1)
      dst[c][r] = src[r][c];
    r += 1;
  }
  return dst;
}

Grid load(const long h, const long w) {
  Grid g(h, vector<long>(w, 0L));
  for (auto &row : g)
    for (long c = 0; c < w; ++c)
      cin >> row[c];
  return g;
}

int main() {
  Grid input, output;
  int printed = 0;
  long h = 0, w = 0;
  if (!(cin >> h >> w) || 0 >= h || 0 >= w) {
    cerr << "expected: rows cols, then the values // row by row" << endl;
    return EXIT_FAILURE;
  }
  input = load(h, w);
  output = flip(input, h, w);
  show(output);
  return EXIT_SUCCESS;
}
