import sys


def build_table(limit):
    # table[i] = F(i) for every i up to limit
    table = [0, 1]
    while len(table) <= limit:
        table.append(table[-1] + table[-2])
    return table


def get_queries():
    return [int(x) for x in sys.stdin.read().split()]


def main():
    queries = get_queries()
    if not queries:
        return
    table = build_table(max(max(queries), 1))
    for q in queries:
        if q < 0:
            print("F(%d) is undefined" % q)
        else:
            print("F(%d) = %d" % (q, table[q]))


if __name__ == "__main__":
    main()
