import java.util.*;
import java.util.stream.Collectors;

public class Grades {

    static class Entry implements Comparable<Entry> {
        final String name;
        final int points;

        Entry(String name, int points) {
            this.name = name;
            this.points = points;
        }

        @Override
        public int compareTo(Entry other) {
            if (points != other.points) {
                return Integer.compare(other.points, points);
            }
            return name.compareTo(other.name);
        }
    }

    private static List<Entry> parse(Scanner sc) {
        List<Entry> list = new ArrayList<>();
        int n = sc.nextInt();
        while (n-- > 0) {
            String name = sc.next();
            list.add(new Entry(name, sc.nextInt()));
        }
        return list;
    }

    private static Entry top(List<Entry> list) {
        Entry best = null;
        for (Entry e : list) {
            if (best == null || e.points > best.points) best = e;
        }
        return best;
    }

    public static void main(String[] args) {
        List<Entry> list = parse(new Scanner(System.in));
        System.out.println("=== Report ===\nstudents: " + list.size());
        if (list.isEmpty()) {
            System.out.println("no data");
            return;
        }
        double avg = list.stream().mapToInt(e -> e.points).average().orElse(0);
        System.out.printf(Locale.ROOT, "average: %.2f%n", avg);
        Entry best = top(list);
        System.out.println("best: " + best.name + " (" + best.points + ")");
        String passed = list.stream()
                .filter(e -> e.points >= 50)
                .sorted()
                .map(e -> e.name + " " + e.points)
                .collect(Collectors.joining(", "));
        System.out.println(passed.isEmpty() ? "passed:" : "passed: " + passed);
    }
}
