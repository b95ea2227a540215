#include <iostream>
#include <vector>
using namespace std;

typedef vector<vector<int>> Grid;

Grid load(int h, int w) {
  Grid g(h, vector<int>(w));
  for (int r = 0; r < h; r++)
    for (int c = 0; c < w; c++)
      cin >> g[r][c];
  return g;
}

// element (r, c) of the input becomes element (c, r) of the result
Grid flip(const Grid &src, int h, int w) {
  Grid dst(w, vector<int>(h));
  for (int r = 0; r < h; r++)
    for (int c = 0; c < w; c++)
      dst[c][r] = src[r][c];
  return dst;
}

// one row per line, values separated by single spaces
void show(const Grid &g) {
  for (size_t r = 0; r < g.size(); r++) {
    for (size_t c = 0; c < g[r].size(); c++) {
      if (c > 0)
        cout << ' ';
      cout << g[r][c];
    }
    cout << '\n';
  }
}

int main() {
  int h, w;
  if (!(cin >> h >> w) || h <= 0 || w <= 0) {
    cerr << "expected: rows cols, then the values // row by row" << endl;
    return 1;
  }
  Grid input = load(h, w);
  Grid output = flip(input, h, w);
  show(output);
  return 0;
}
