#include <vector>
#include <iostream>
#include <cstdlib>
using namespace std;

using Grid = vector<vector<long>>;

const char SEP = ' ';

// one row per line, values separated by single spaces
void show(const Grid &g) {
  std::size_t c, r;
  for (r = 0; r < g.size(); r++) {
    for (c = 0; c < g[r].size(); c++) {
      if (c > 0)
        cout << SEP;
      cout << g[r][c];
    }
    cout << '\n';
  }
}

// element (r, c) of the input becomes element (c, r) of the result
Grid flip(const Grid &src, const long h, const long w) {
  Grid dst(w, vector<long>(h, 0L));
  for (long r = 0; r < h; r++)
    for (long c = 0; c < w; c++)
      dst[c][r] = src[r][c];
  return dst;
}

Grid load(const long h, const long w) {
  Grid g(h, vector<long>(w, 0L));
  for (long r = 0; r < h; r++)
    for (long c = 0; c < w; c++)
      cin >> g[r][c];
  return g;
}

int main() {
  Grid input, output;
  int printed = 0;
  long h = 0, w = 0;
  if (!(cin >> h >> w) || h <= 0 || w <= 0) {
    cerr << "expected: rows cols, then the values // row by row" << endl;
    return EXIT_FAILURE;
  }
  input = load(h, w);
  output = flip(input, h, w);
  show(output);
  return EXIT_SUCCESS;
}
