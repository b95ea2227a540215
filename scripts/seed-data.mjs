// Demo seed content for the coding-assessment platform.
//
// Plain ES module with no imports so it can be consumed both by the seed
// script (plain node) and by tests. Every coding question's `solution` is
// compiled and run against its test cases in scripts/seed-data.test.ts.
//
// Conventions:
// - Programs read from stdin and write to stdout.
// - testCases[0] is the open (visible) case; testCases[1..4] are hidden.
// - Every test case is worth 10 points (implicit, no field).
// - Solutions use String.raw so that escape sequences such as "\n" inside
//   the source code are kept verbatim.

export const categories = ["General", "Basics", "Arrays", "Strings", "Programming Fundamentals"];

export const codingQuestions = [
  // ───────────────────────────────── C ─────────────────────────────────
  {
    id: "seed-cq-c-1",
    title: "Sum of Two Integers",
    description: `Read two integers **a** and **b** and print their sum.

Be careful: the values can be large, so the sum may not fit in a 32-bit integer.

**Input format**

A single line with two integers \`a\` and \`b\` separated by a space (-10^18 ≤ a, b ≤ 10^18).

**Output format**

A single line containing \`a + b\`.

**Example**

Input:
\`\`\`
3 5
\`\`\`
Output:
\`\`\`
8
\`\`\`
`,
    language: "c",
    category: "Basics",
    difficulty: "easy",
    testCases: [
      { input: "3 5\n", expected_output: "8\n", is_hidden: false },
      { input: "0 0\n", expected_output: "0\n", is_hidden: true },
      { input: "-7 4\n", expected_output: "-3\n", is_hidden: true },
      { input: "-1000000000 -1000000000\n", expected_output: "-2000000000\n", is_hidden: true },
      {
        input: "1000000000000000000 999999999999999999\n",
        expected_output: "1999999999999999999\n",
        is_hidden: true,
      },
    ],
    solution: String.raw`#include <stdio.h>

int main(void) {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) {
        return 1;
    }
    printf("%lld\n", a + b);
    return 0;
}
`,
  },
  {
    id: "seed-cq-c-2",
    title: "Factorial",
    description: `Given a non-negative integer **n**, print **n!** (n factorial).

By definition 0! = 1. The result for n = 20 does not fit in 32 bits, so use a 64-bit type.

**Input format**

A single integer \`n\` (0 ≤ n ≤ 20).

**Output format**

A single line containing \`n!\`.

**Example**

Input:
\`\`\`
5
\`\`\`
Output:
\`\`\`
120
\`\`\`
`,
    language: "c",
    category: "Basics",
    difficulty: "easy",
    testCases: [
      { input: "5\n", expected_output: "120\n", is_hidden: false },
      { input: "0\n", expected_output: "1\n", is_hidden: true },
      { input: "1\n", expected_output: "1\n", is_hidden: true },
      { input: "13\n", expected_output: "6227020800\n", is_hidden: true },
      { input: "20\n", expected_output: "2432902008176640000\n", is_hidden: true },
    ],
    solution: String.raw`#include <stdio.h>

int main(void) {
    int n;
    if (scanf("%d", &n) != 1) {
        return 1;
    }
    unsigned long long result = 1ULL;
    for (int i = 2; i <= n; i++) {
        result *= (unsigned long long)i;
    }
    printf("%llu\n", result);
    return 0;
}
`,
  },
  {
    id: "seed-cq-c-3",
    title: "Maximum Element of an Array",
    description: `Given an array of **n** integers, print the largest element.

**Input format**

- The first line contains an integer \`n\` (1 ≤ n ≤ 10^5).
- The second line contains \`n\` integers separated by spaces (-10^9 ≤ a[i] ≤ 10^9).

**Output format**

A single line containing the maximum value in the array.

**Example**

Input:
\`\`\`
5
3 9 2 7 4
\`\`\`
Output:
\`\`\`
9
\`\`\`
`,
    language: "c",
    category: "Arrays",
    difficulty: "easy",
    testCases: [
      { input: "5\n3 9 2 7 4\n", expected_output: "9\n", is_hidden: false },
      { input: "1\n42\n", expected_output: "42\n", is_hidden: true },
      { input: "4\n-5 -2 -9 -3\n", expected_output: "-2\n", is_hidden: true },
      {
        input: "3\n1000000000 -1000000000 999999999\n",
        expected_output: "1000000000\n",
        is_hidden: true,
      },
      { input: "6\n1 2 3 4 5 6\n", expected_output: "6\n", is_hidden: true },
    ],
    solution: String.raw`#include <stdio.h>

int main(void) {
    int n;
    if (scanf("%d", &n) != 1 || n < 1) {
        return 1;
    }
    long long best, x;
    if (scanf("%lld", &best) != 1) {
        return 1;
    }
    for (int i = 1; i < n; i++) {
        if (scanf("%lld", &x) != 1) {
            return 1;
        }
        if (x > best) {
            best = x;
        }
    }
    printf("%lld\n", best);
    return 0;
}
`,
  },

  // ──────────────────────────────── C++ ────────────────────────────────
  {
    id: "seed-cq-cpp-1",
    title: "Greatest Common Divisor",
    description: `Given two non-negative integers **a** and **b** (not both zero), print their greatest common divisor.

Note that gcd(x, 0) = x.

**Input format**

A single line with two integers \`a\` and \`b\` (0 ≤ a, b ≤ 10^18, a + b > 0).

**Output format**

A single line containing gcd(a, b).

**Example**

Input:
\`\`\`
12 18
\`\`\`
Output:
\`\`\`
6
\`\`\`
`,
    language: "cpp",
    category: "Basics",
    difficulty: "easy",
    testCases: [
      { input: "12 18\n", expected_output: "6\n", is_hidden: false },
      { input: "0 5\n", expected_output: "5\n", is_hidden: true },
      { input: "17 13\n", expected_output: "1\n", is_hidden: true },
      {
        input: "600000000000000000 400000000000000000\n",
        expected_output: "200000000000000000\n",
        is_hidden: true,
      },
      { input: "1000000000000000000 999999999999999999\n", expected_output: "1\n", is_hidden: true },
    ],
    solution: String.raw`#include <iostream>

int main() {
    unsigned long long a, b;
    if (!(std::cin >> a >> b)) {
        return 1;
    }
    while (b != 0) {
        unsigned long long t = a % b;
        a = b;
        b = t;
    }
    std::cout << a << '\n';
    return 0;
}
`,
  },
  {
    id: "seed-cq-cpp-2",
    title: "Prime Check",
    description: `Given an integer **n**, print \`YES\` if it is a prime number and \`NO\` otherwise.

A prime is an integer greater than 1 whose only positive divisors are 1 and itself. Your solution must be fast enough for n up to 10^12.

**Input format**

A single integer \`n\` (1 ≤ n ≤ 10^12).

**Output format**

\`YES\` or \`NO\`.

**Example**

Input:
\`\`\`
7
\`\`\`
Output:
\`\`\`
YES
\`\`\`
`,
    language: "cpp",
    category: "Basics",
    difficulty: "medium",
    testCases: [
      { input: "7\n", expected_output: "YES\n", is_hidden: false },
      { input: "1\n", expected_output: "NO\n", is_hidden: true },
      { input: "2\n", expected_output: "YES\n", is_hidden: true },
      { input: "999966000289\n", expected_output: "NO\n", is_hidden: true },
      { input: "999999999989\n", expected_output: "YES\n", is_hidden: true },
    ],
    solution: String.raw`#include <iostream>

static bool isPrime(long long n) {
    if (n < 2) return false;
    if (n % 2 == 0) return n == 2;
    for (long long d = 3; d * d <= n; d += 2) {
        if (n % d == 0) return false;
    }
    return true;
}

int main() {
    long long n;
    if (!(std::cin >> n)) {
        return 1;
    }
    std::cout << (isPrime(n) ? "YES" : "NO") << '\n';
    return 0;
}
`,
  },
  {
    id: "seed-cq-cpp-3",
    title: "Second Largest Distinct Element",
    description: `Given an array of **n** integers, print the second largest **distinct** value.

If the array has fewer than two distinct values, print \`NONE\`.

**Input format**

- The first line contains an integer \`n\` (1 ≤ n ≤ 10^5).
- The second line contains \`n\` integers separated by spaces (-10^9 ≤ a[i] ≤ 10^9).

**Output format**

A single line with the second largest distinct value, or \`NONE\`.

**Example**

Input:
\`\`\`
5
3 9 2 7 4
\`\`\`
Output:
\`\`\`
7
\`\`\`
`,
    language: "cpp",
    category: "Arrays",
    difficulty: "medium",
    testCases: [
      { input: "5\n3 9 2 7 4\n", expected_output: "7\n", is_hidden: false },
      { input: "1\n5\n", expected_output: "NONE\n", is_hidden: true },
      { input: "4\n8 8 8 8\n", expected_output: "NONE\n", is_hidden: true },
      { input: "6\n10 10 9 9 -1 10\n", expected_output: "9\n", is_hidden: true },
      { input: "5\n-3 -1 -4 -1 -2\n", expected_output: "-2\n", is_hidden: true },
    ],
    solution: String.raw`#include <iostream>
#include <vector>

int main() {
    int n;
    if (!(std::cin >> n)) {
        return 1;
    }
    std::vector<long long> a(n);
    for (auto &x : a) std::cin >> x;

    bool hasFirst = false, hasSecond = false;
    long long first = 0, second = 0;
    for (long long x : a) {
        if (!hasFirst || x > first) {
            if (hasFirst) {
                second = first;
                hasSecond = true;
            }
            first = x;
            hasFirst = true;
        } else if (x < first && (!hasSecond || x > second)) {
            second = x;
            hasSecond = true;
        }
    }

    if (hasSecond) {
        std::cout << second << '\n';
    } else {
        std::cout << "NONE" << '\n';
    }
    return 0;
}
`,
  },

  // ─────────────────────────────── Python ──────────────────────────────
  {
    id: "seed-cq-python-1",
    title: "Reverse a String",
    description: `Read a line of text and print it reversed, character by character.

The line may contain spaces and punctuation.

**Input format**

A single line of text (1 to 1000 characters).

**Output format**

The same text reversed.

**Example**

Input:
\`\`\`
hello
\`\`\`
Output:
\`\`\`
olleh
\`\`\`
`,
    language: "python",
    category: "Basics",
    difficulty: "easy",
    testCases: [
      { input: "hello\n", expected_output: "olleh\n", is_hidden: false },
      { input: "a\n", expected_output: "a\n", is_hidden: true },
      { input: "racecar\n", expected_output: "racecar\n", is_hidden: true },
      { input: "Hello, World!\n", expected_output: "!dlroW ,olleH\n", is_hidden: true },
      { input: "12345 6789\n", expected_output: "9876 54321\n", is_hidden: true },
    ],
    solution: String.raw`import sys


def main():
    line = sys.stdin.readline().rstrip("\r\n")
    print(line[::-1])


if __name__ == "__main__":
    main()
`,
  },
  {
    id: "seed-cq-python-2",
    title: "Count Vowels",
    description: `Read a line of text and print how many vowels it contains.

The vowels are \`a\`, \`e\`, \`i\`, \`o\`, \`u\`, counted case-insensitively (\`A\` counts as a vowel too). The letter \`y\` is **not** a vowel.

**Input format**

A single line of text (1 to 1000 characters).

**Output format**

A single integer: the number of vowels.

**Example**

Input:
\`\`\`
hello world
\`\`\`
Output:
\`\`\`
3
\`\`\`
`,
    language: "python",
    category: "Basics",
    difficulty: "easy",
    testCases: [
      { input: "hello world\n", expected_output: "3\n", is_hidden: false },
      { input: "rhythm\n", expected_output: "0\n", is_hidden: true },
      { input: "AEIOU aeiou\n", expected_output: "10\n", is_hidden: true },
      { input: "Programming Is Fun!\n", expected_output: "5\n", is_hidden: true },
      {
        input: "The quick brown fox jumps over the lazy dog\n",
        expected_output: "11\n",
        is_hidden: true,
      },
    ],
    solution: String.raw`import sys


def main():
    line = sys.stdin.readline()
    print(sum(1 for ch in line.lower() if ch in "aeiou"))


if __name__ == "__main__":
    main()
`,
  },
  {
    id: "seed-cq-python-3",
    title: "Running Sum of an Array",
    description: `Given an array of **n** integers, print its running (prefix) sums: the i-th output value is a[1] + a[2] + ... + a[i].

**Input format**

- The first line contains an integer \`n\` (1 ≤ n ≤ 10^5).
- The second line contains \`n\` integers separated by spaces (-10^9 ≤ a[i] ≤ 10^9).

**Output format**

A single line with \`n\` integers separated by single spaces.

**Example**

Input:
\`\`\`
4
1 2 3 4
\`\`\`
Output:
\`\`\`
1 3 6 10
\`\`\`
`,
    language: "python",
    category: "Arrays",
    difficulty: "easy",
    testCases: [
      { input: "4\n1 2 3 4\n", expected_output: "1 3 6 10\n", is_hidden: false },
      { input: "1\n-5\n", expected_output: "-5\n", is_hidden: true },
      { input: "5\n3 -3 3 -3 3\n", expected_output: "3 0 3 0 3\n", is_hidden: true },
      { input: "4\n0 0 0 0\n", expected_output: "0 0 0 0\n", is_hidden: true },
      {
        input: "3\n1000000000 1000000000 1000000000\n",
        expected_output: "1000000000 2000000000 3000000000\n",
        is_hidden: true,
      },
    ],
    solution: String.raw`import sys


def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    values = [int(x) for x in data[1:1 + n]]
    total = 0
    out = []
    for v in values:
        total += v
        out.append(str(total))
    print(" ".join(out))


if __name__ == "__main__":
    main()
`,
  },

  // ──────────────────────────────── Java ───────────────────────────────
  {
    id: "seed-cq-java-1",
    title: "Fibonacci Number",
    description: `The Fibonacci sequence is defined as F(0) = 0, F(1) = 1 and F(n) = F(n-1) + F(n-2) for n ≥ 2.

Given **n**, print F(n). Values up to F(90) fit in a signed 64-bit integer.

**Input format**

A single integer \`n\` (0 ≤ n ≤ 90).

**Output format**

A single line containing F(n).

**Example**

Input:
\`\`\`
10
\`\`\`
Output:
\`\`\`
55
\`\`\`
`,
    language: "java",
    category: "Basics",
    difficulty: "easy",
    testCases: [
      { input: "10\n", expected_output: "55\n", is_hidden: false },
      { input: "0\n", expected_output: "0\n", is_hidden: true },
      { input: "1\n", expected_output: "1\n", is_hidden: true },
      { input: "2\n", expected_output: "1\n", is_hidden: true },
      { input: "90\n", expected_output: "2880067194370816120\n", is_hidden: true },
    ],
    solution: String.raw`import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int n = in.nextInt();
        long a = 0L, b = 1L;
        for (int i = 0; i < n; i++) {
            long next = a + b;
            a = b;
            b = next;
        }
        System.out.println(a);
    }
}
`,
  },
  {
    id: "seed-cq-java-2",
    title: "Palindrome Check",
    description: `Read a line of text and decide whether it is a palindrome, considering **only letters and digits** and **ignoring letter case**.

Print \`YES\` if it is a palindrome and \`NO\` otherwise.

**Input format**

A single line of text (1 to 1000 characters) containing at least one letter or digit.

**Output format**

\`YES\` or \`NO\`.

**Example**

Input:
\`\`\`
racecar
\`\`\`
Output:
\`\`\`
YES
\`\`\`
`,
    language: "java",
    category: "Basics",
    difficulty: "easy",
    testCases: [
      { input: "racecar\n", expected_output: "YES\n", is_hidden: false },
      { input: "A man, a plan, a canal: Panama\n", expected_output: "YES\n", is_hidden: true },
      { input: "a\n", expected_output: "YES\n", is_hidden: true },
      { input: "0P\n", expected_output: "NO\n", is_hidden: true },
      { input: "abca\n", expected_output: "NO\n", is_hidden: true },
    ],
    // Deliberately not named Main: the runner must locate the class holding main().
    solution: String.raw`import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

public class Solution {
    static boolean isPalindrome(String s) {
        int i = 0, j = s.length() - 1;
        while (i < j) {
            char a = s.charAt(i), b = s.charAt(j);
            if (!Character.isLetterOrDigit(a)) { i++; continue; }
            if (!Character.isLetterOrDigit(b)) { j--; continue; }
            if (Character.toLowerCase(a) != Character.toLowerCase(b)) return false;
            i++;
            j--;
        }
        return true;
    }

    public static void main(String[] args) throws IOException {
        BufferedReader br = new BufferedReader(new InputStreamReader(System.in));
        String line = br.readLine();
        if (line == null) line = "";
        System.out.println(isPalindrome(line) ? "YES" : "NO");
    }
}
`,
  },
  {
    id: "seed-cq-java-3",
    title: "Rotate an Array Left",
    description: `Given an array of **n** integers and a number **k**, rotate the array to the left by **k** positions and print the result.

Rotating left by one moves the first element to the end. Note that \`k\` may be larger than \`n\`.

**Input format**

- The first line contains two integers \`n\` and \`k\` (1 ≤ n ≤ 10^5, 0 ≤ k ≤ 10^9).
- The second line contains \`n\` integers separated by spaces.

**Output format**

A single line with the rotated array, values separated by single spaces.

**Example**

Input:
\`\`\`
5 2
1 2 3 4 5
\`\`\`
Output:
\`\`\`
3 4 5 1 2
\`\`\`
`,
    language: "java",
    category: "Arrays",
    difficulty: "medium",
    testCases: [
      { input: "5 2\n1 2 3 4 5\n", expected_output: "3 4 5 1 2\n", is_hidden: false },
      { input: "5 0\n1 2 3 4 5\n", expected_output: "1 2 3 4 5\n", is_hidden: true },
      { input: "5 7\n1 2 3 4 5\n", expected_output: "3 4 5 1 2\n", is_hidden: true },
      { input: "1 1000000000\n42\n", expected_output: "42\n", is_hidden: true },
      { input: "3 1000000000\n-10 20 -30\n", expected_output: "20 -30 -10\n", is_hidden: true },
    ],
    solution: String.raw`import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.StringTokenizer;

public class Main {
    public static void main(String[] args) throws IOException {
        BufferedReader br = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder all = new StringBuilder();
        String line;
        while ((line = br.readLine()) != null) {
            all.append(line).append(' ');
        }
        StringTokenizer st = new StringTokenizer(all.toString());
        int n = Integer.parseInt(st.nextToken());
        long k = Long.parseLong(st.nextToken());
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = Long.parseLong(st.nextToken());
        }
        int shift = (int) (k % n);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < n; i++) {
            if (i > 0) out.append(' ');
            out.append(a[(i + shift) % n]);
        }
        System.out.println(out);
    }
}
`,
  },
];

export const mcqs = [
  // ─────────────────────── Programming Fundamentals (25) ───────────────────────
  {
    id: "seed-mcq-1",
    title: "What is the worst-case time complexity of binary search on a sorted array of n elements?",
    category: "Programming Fundamentals",
    difficulty: "easy",
    options: ["O(log n)", "O(n)", "O(n log n)", "O(1)"],
    correctIndex: 0,
  },
  {
    id: "seed-mcq-2",
    title: "Which data structure follows the LIFO (last in, first out) principle?",
    category: "Programming Fundamentals",
    difficulty: "easy",
    options: ["Queue", "Stack", "Hash table", "Binary search tree"],
    correctIndex: 1,
  },
  {
    id: "seed-mcq-3",
    title: "Which data structure is typically used to implement breadth-first search (BFS) on a graph?",
    category: "Programming Fundamentals",
    difficulty: "easy",
    options: ["Stack", "Min-heap", "Queue", "Trie"],
    correctIndex: 2,
  },
  {
    id: "seed-mcq-4",
    title: "In C, what is the value of sizeof(char)?",
    category: "Programming Fundamentals",
    difficulty: "easy",
    options: ["2", "4", "8", "1"],
    correctIndex: 3,
  },
  {
    id: "seed-mcq-5",
    title: "Which Java keyword, applied to a class declaration, prevents the class from being subclassed?",
    category: "Programming Fundamentals",
    difficulty: "easy",
    options: ["final", "static", "abstract", "const"],
    correctIndex: 0,
  },
  {
    id: "seed-mcq-6",
    title: "In Python 3, what is the value of the expression 7 // 2 ?",
    category: "Programming Fundamentals",
    difficulty: "easy",
    options: ["3.5", "3", "4", "3.0"],
    correctIndex: 1,
  },
  {
    id: "seed-mcq-7",
    title: "In C, if a and b are both of type int with a = 5 and b = 2, what is the value of a / b?",
    category: "Programming Fundamentals",
    difficulty: "easy",
    options: ["2.5", "3", "2", "2.0"],
    correctIndex: 2,
  },
  {
    id: "seed-mcq-8",
    title: "What is the worst-case time complexity of quicksort that always picks the first element as the pivot?",
    category: "Programming Fundamentals",
    difficulty: "medium",
    options: ["O(n)", "O(log n)", "O(n log n)", "O(n^2)"],
    correctIndex: 3,
  },
  {
    id: "seed-mcq-9",
    title: "What is the average-case time complexity of looking up a key in a well-implemented hash table?",
    category: "Programming Fundamentals",
    difficulty: "medium",
    options: ["O(1)", "O(log n)", "O(n)", "O(n log n)"],
    correctIndex: 0,
  },
  {
    id: "seed-mcq-10",
    title: "Which of the following is NOT a primitive type in Java?",
    category: "Programming Fundamentals",
    difficulty: "easy",
    options: ["int", "String", "boolean", "char"],
    correctIndex: 1,
  },
  {
    id: "seed-mcq-11",
    title: "Which of these built-in Python types is immutable?",
    category: "Programming Fundamentals",
    difficulty: "easy",
    options: ["list", "dict", "tuple", "set"],
    correctIndex: 2,
  },
  {
    id: "seed-mcq-12",
    title: "In C++, which operator allocates an object dynamically on the heap and calls its constructor?",
    category: "Programming Fundamentals",
    difficulty: "easy",
    options: ["malloc", "alloc", "create", "new"],
    correctIndex: 3,
  },
  {
    id: "seed-mcq-13",
    title: "In C, what does the unary & operator return when applied to a variable, as in &x?",
    category: "Programming Fundamentals",
    difficulty: "easy",
    options: [
      "The memory address of x",
      "The value stored at the address held in x",
      "The bitwise complement of x",
      "The size of x in bytes",
    ],
    correctIndex: 0,
  },
  {
    id: "seed-mcq-14",
    title: "Which traversal of a binary search tree visits its keys in ascending (sorted) order?",
    category: "Programming Fundamentals",
    difficulty: "medium",
    options: ["Pre-order", "In-order", "Post-order", "Level-order"],
    correctIndex: 1,
  },
  {
    id: "seed-mcq-15",
    title: "In Java, what is the default value of an int instance field that is never explicitly initialised?",
    category: "Programming Fundamentals",
    difficulty: "easy",
    options: ["null", "-1", "0", "It is undefined (garbage)"],
    correctIndex: 2,
  },
  {
    id: "seed-mcq-16",
    title: "How many times does the body of the C loop for (int i = 0; i < 10; i += 3) { ... } execute (the body does not modify i)?",
    category: "Programming Fundamentals",
    difficulty: "easy",
    options: ["3", "10", "5", "4"],
    correctIndex: 3,
  },
  {
    id: "seed-mcq-17",
    title: "Which of the following sorting algorithms is stable in its standard implementation?",
    category: "Programming Fundamentals",
    difficulty: "medium",
    options: ["Merge sort", "Heap sort", "Selection sort", "Quicksort (in-place)"],
    correctIndex: 0,
  },
  {
    id: "seed-mcq-18",
    title: "What is the value of the C expression 10 % 3 ?",
    category: "Programming Fundamentals",
    difficulty: "easy",
    options: ["3", "1", "0", "3.33"],
    correctIndex: 1,
  },
  {
    id: "seed-mcq-19",
    title: "Which standard C function writes formatted output to standard output?",
    category: "Programming Fundamentals",
    difficulty: "easy",
    options: ["scanf", "puts_fmt", "printf", "cout"],
    correctIndex: 2,
  },
  {
    id: "seed-mcq-20",
    title: "What is the time complexity of inserting a new node at the head of a singly linked list?",
    category: "Programming Fundamentals",
    difficulty: "easy",
    options: ["O(n)", "O(log n)", "O(n^2)", "O(1)"],
    correctIndex: 3,
  },
  {
    id: "seed-mcq-21",
    title: "In C++, which standard header must be included to use std::vector?",
    category: "Programming Fundamentals",
    difficulty: "easy",
    options: ["<vector>", "<array>", "<list>", "<stdlib.h>"],
    correctIndex: 0,
  },
  {
    id: "seed-mcq-22",
    title: "In Python, what does len(\"hello\") return?",
    category: "Programming Fundamentals",
    difficulty: "easy",
    options: ["4", "5", "6", "It raises a TypeError"],
    correctIndex: 1,
  },
  {
    id: "seed-mcq-23",
    title: "What does a recursive function need in order to avoid infinite recursion?",
    category: "Programming Fundamentals",
    difficulty: "easy",
    options: ["A global variable", "A loop inside the function", "A base case", "A return type of void"],
    correctIndex: 2,
  },
  {
    id: "seed-mcq-24",
    title: "What is the height of a complete binary heap containing n elements, in Big-O terms?",
    category: "Programming Fundamentals",
    difficulty: "medium",
    options: ["O(1)", "O(n)", "O(n log n)", "O(log n)"],
    correctIndex: 3,
  },
  {
    id: "seed-mcq-25",
    title: "In Java, which operator should be used to compare two int values for equality?",
    category: "Programming Fundamentals",
    difficulty: "easy",
    options: ["==", "=", ".equals()", "==="],
    correctIndex: 0,
  },

  // ───────────────────────────────── General ─────────────────────────────────
  {
    id: "seed-mcq-26",
    title: "What does CPU stand for?",
    category: "General",
    difficulty: "easy",
    options: ["Computer Personal Unit", "Central Processing Unit", "Central Program Utility", "Core Peripheral Unit"],
    correctIndex: 1,
  },
  {
    id: "seed-mcq-27",
    title: "How many bits are there in one byte?",
    category: "General",
    difficulty: "easy",
    options: ["4", "16", "8", "32"],
    correctIndex: 2,
  },
  {
    id: "seed-mcq-28",
    title: "What is the binary (base 2) representation of the decimal number 10?",
    category: "General",
    difficulty: "easy",
    options: ["1100", "1001", "0110", "1010"],
    correctIndex: 3,
  },
  {
    id: "seed-mcq-29",
    title: "Which number system uses only the digits 0 and 1?",
    category: "General",
    difficulty: "easy",
    options: ["Binary", "Octal", "Decimal", "Hexadecimal"],
    correctIndex: 0,
  },

  // ───────────────────────────────── Basics ──────────────────────────────────
  {
    id: "seed-mcq-30",
    title: "What is the largest value a signed 32-bit two's-complement integer can hold?",
    category: "Basics",
    difficulty: "medium",
    options: ["4294967295", "2147483647", "2147483648", "65535"],
    correctIndex: 1,
  },
  {
    id: "seed-mcq-31",
    title: "Which of the following is a valid variable name in C?",
    category: "Basics",
    difficulty: "easy",
    options: ["2count", "my-var", "_total", "int"],
    correctIndex: 2,
  },
  {
    id: "seed-mcq-32",
    title: "Which keyword is used to define a function in Python?",
    category: "Basics",
    difficulty: "easy",
    options: ["function", "fun", "func", "def"],
    correctIndex: 3,
  },
  {
    id: "seed-mcq-33",
    title: "Which is the standard signature of the entry-point method of a Java program?",
    category: "Basics",
    difficulty: "easy",
    options: [
      "public static void main(String[] args)",
      "public void main()",
      "static int main(String args)",
      "public static void start(String[] args)",
    ],
    correctIndex: 0,
  },

  // ───────────────────────────────── Arrays ──────────────────────────────────
  {
    id: "seed-mcq-34",
    title: "In C, Java and Python, what is the index of the first element of an array (or list)?",
    category: "Arrays",
    difficulty: "easy",
    options: ["1", "0", "-1", "It depends on the array size"],
    correctIndex: 1,
  },
  {
    id: "seed-mcq-35",
    title: "For a zero-indexed array of n elements, what is the index of the last element?",
    category: "Arrays",
    difficulty: "easy",
    options: ["n", "n + 1", "n - 1", "1"],
    correctIndex: 2,
  },
  {
    id: "seed-mcq-36",
    title: "What is the worst-case time complexity of linear search in an unsorted array of n elements?",
    category: "Arrays",
    difficulty: "easy",
    options: ["O(1)", "O(log n)", "O(n log n)", "O(n)"],
    correctIndex: 3,
  },
  {
    id: "seed-mcq-37",
    title: "In Java, how do you get the number of elements in an array named arr?",
    category: "Arrays",
    difficulty: "easy",
    options: ["arr.length", "arr.length()", "arr.size()", "len(arr)"],
    correctIndex: 0,
  },

  // ───────────────────────────────── Strings ─────────────────────────────────
  {
    id: "seed-mcq-38",
    title: "In C, which character marks the end of a string?",
    category: "Strings",
    difficulty: "easy",
    options: ["'\\n'", "'\\0'", "'$'", "' ' (space)"],
    correctIndex: 1,
  },
  {
    id: "seed-mcq-39",
    title: "In Python, what does the expression \"abc\"[::-1] evaluate to?",
    category: "Strings",
    difficulty: "easy",
    options: ["\"abc\"", "\"a\"", "\"cba\"", "\"c\""],
    correctIndex: 2,
  },
  {
    id: "seed-mcq-40",
    title: "In Java, which method should be used to check whether two String objects contain the same characters?",
    category: "Strings",
    difficulty: "easy",
    options: ["==", "compare()", "same()", "equals()"],
    correctIndex: 3,
  },
];
