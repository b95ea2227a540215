import java.io.*;

public class Solution {
    static String[] names;
    static int[] scores;
    static void read() throws IOException {
        BufferedReader br = new BufferedReader(new InputStreamReader(System.in));
        int n = Integer.parseInt(br.readLine().trim());
        names = new String[n];
        scores = new int[n];
        for (int i = 0; i < n; i++) {
            String[] parts = br.readLine().trim().split("\\s+");
            names[i] = parts[0];
            scores[i] = Integer.parseInt(parts[1]);
        }
    }

    // bubble sort of the indices: higher score first, then by name
    static int[] order() {
        int n = names.length;
        int[] idx = new int[n];
        for (int i = 0; i < n; i++) idx[i] = i;
        for (int i = 0; i < n - 1; i++) {
            for (int j = 0; j < n - 1 - i; j++) {
                int a = idx[j], b = idx[j + 1];
                if (scores[a] < scores[b] || (scores[a] == scores[b] && names[a].compareTo(names[b]) > 0)) {
                    idx[j] = b;
                    idx[j + 1] = a;
                }
            }
        }
        return idx;
    }

    public static void main(String[] args) throws IOException {
        read();
        int n = names.length;
        System.out.println("=== Report ===");
        System.out.println("students: " + n);
        if (n == 0) {
            System.out.println("no data");
            return;
        }
        int sum = 0, best = 0;
        for (int i = 0; i < n; i++) {
            sum += scores[i];
            if (scores[i] > scores[best]) best = i;
        }
        System.out.println(String.format("average: %.2f", (double) sum / n));
        System.out.println("best: " + names[best] + " (" + scores[best] + ")");
        String line = "passed:";
        boolean first = true;
        for (int i : order()) {
            if (scores[i] < 50) continue;
            line += (first ? " " : ", ") + names[i] + " " + scores[i];
            first = false;
        }
        System.out.println(line);
    }
}
