import java.util.*;

/**
 * Reads a class list (name and score per student) and prints a short report.
 */
public class GradeBook
{
    static final String FIRST_SEP = " ", NEXT_SEP = ", ";
    static final int PASS = 100 / 2;
    static final String TITLE = """
            === Report ===""";

    public static void main(final String[] argv)
    {
        int failed = 0;
        Pupil first;
        final List<Pupil> ok = new ArrayList<>();
        final StringBuilder out = new StringBuilder("passed:");
        final List<Pupil> pupils = load(new Scanner(System.in));
        System.out.println(TITLE);
        System.out.println("students: " + pupils.size());
        if (pupils.size() == 0)
        {
            System.out.println("no data");
            return;
        }
        first = strongest(pupils);
        // passed = score of at least 50, best first, ties by name
        for (int k = 0; k < pupils.size(); k += 1)
            if (PASS <= pupils.get(k).points())
                ok.add(pupils.get(k));
        ok.sort(new Comparator<Pupil>() {
            @Override
            public int compare(Pupil x, Pupil y) {
                if (x.points() == y.points())
                    return x.who().compareTo(y.who());
                return y.points() - x.points();
            }
        });
        System.out.printf(Locale.US, "average: %.2f%n", mean(pupils));
        System.out.println("best: " + first.who() + " (" + first.points() + ")");

        int k = 0;
        for (Pupil p : ok) {
            if (k == 0) out.append(FIRST_SEP); else out.append(NEXT_SEP);
            out.append(p);
            k += 1;
        }
        System.out.println(out);
    }

    // first student with the highest score
    static Pupil strongest(final List<Pupil> pupils)
    {
        Pupil champ = pupils.get(0);
        int k = 0;
        while (k < pupils.size()) {
            if (champ.points() < pupils.get(k).points())
                champ = pupils.get(k);
            k++;
        }
        return champ;
    }

    static double mean(final List<Pupil> pupils)
    {
        long acc = 0L;
        for (int k = 0; k < pupils.size(); k += 1)
            acc = acc + pupils.get(k).points();
        return 1.0 * acc / pupils.size();
    }

    static List<Pupil> load(final Scanner sc)
    {
        final int count = sc.nextInt();
        final List<Pupil> pupils = new ArrayList<Pupil>(count);
        int k = 0;
        while (k < count) {
            pupils.add(new Pupil(sc.next(), sc.nextInt()));
            k += 1;
        }
        return pupils;
    }

    record Pupil(String who, int points)
    {
        @Override
        public String toString()
        {
            return who + " " + points;
        }
    }
}
