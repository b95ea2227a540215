import java.util.Arrays;
import java.util.Comparator;
import java.util.Scanner;

public class Report {

    static final int PASS_LIMIT = 50;

    static double computeAverage(int[] marks) {
        double total = 0;
        for (int m : marks) total += m;
        return total / marks.length;
    }

    static int indexOfMax(int[] marks) {
        int pos = 0;
        for (int i = 1; i < marks.length; i++) {
            if (marks[i] > marks[pos]) {
                pos = i;
            }
        }
        return pos;
    }

    static String passedList(String[] who, int[] marks) {
        Integer[] ids = new Integer[who.length];
        for (int i = 0; i < ids.length; i++) ids[i] = i;
        Arrays.sort(ids, Comparator.<Integer>comparingInt(i -> -marks[i]).thenComparing(i -> who[i]));
        StringBuilder sb = new StringBuilder("passed:");
        String sep = " ";
        for (int id : ids) {
            if (marks[id] >= PASS_LIMIT) {
                sb.append(sep).append(who[id]).append(' ').append(marks[id]);
                sep = ", ";
            }
        }
        return sb.toString();
    }

    public static void main(String[] args) {
        Scanner scanner = new Scanner(System.in);
        int count = scanner.nextInt();
        String[] who = new String[count];
        int[] marks = new int[count];
        for (int i = 0; i < count; i++) {
            who[i] = scanner.next();
            marks[i] = scanner.nextInt();
        }
        System.out.println("=== Report ===");
        System.out.println("students: " + count);
        if (count == 0) {
            System.out.println("no data");
        } else {
            System.out.println(String.format("average: %.2f", computeAverage(marks)));
            int best = indexOfMax(marks);
            System.out.println("best: " + who[best] + " (" + marks[best] + ")");
            System.out.println(passedList(who, marks));
        }
    }
}
