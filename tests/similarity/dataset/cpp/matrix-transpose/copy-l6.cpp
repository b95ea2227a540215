#include <vector>
#include <iostream>
#include <cstdlib>
using namespace std;

using Grid = vector<vector<long>>;

const char SEP = ' ';

// one row per line, values separated by single spaces
void show(const Grid &g) {
  for (const auto &row : g) {
    if (!row.empty()) {
      cout << row[0];
      std::size_t c = 1;
      while (c < row.size()) {
        cout << SEP << row[c];
        ++c;
      }
    }
    cout << '\n';
  }
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
  bool ok = static_cast<bool>(cin >> h >> w);
  if (ok && h > 0 && w > 0) {
    input = load(h, w);
    // element (r, c) of the input becomes element (c, r) of the result
    output.assign(w, vector<long>(h, 0L));
    long r = 0;
    while (r < h) {
      for (long c = 0; c < w; c += 1)
        output[c][r] = input[r][c];
      r += 1;
    }
    show(output);
    return EXIT_SUCCESS;
  }
  cerr << "expected: rows cols, then the values // row by row" << endl;
  return EXIT_FAILURE;
}
