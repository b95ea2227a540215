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
        final StringBuilder out = new StringBuilder("passed:");
        final List<Pupil> pupils = load(new Scanner(System.in));
        System.out.println(TITLE);
        System.out.println("students: " + pupils.size());
        if (pupils.size() != 0)
        {
            long acc = 0L;
            Pupil first = pupils.get(0);
            for (int k = 0; k < pupils.size(); k += 1) {
                acc = acc + pupils.get(k).points();
                if (!(first.points() >= pupils.get(k).points()))
                    first = pupils.get(k);
            }
            System.out.printf(Locale.US, "average: %.2f%n", 1.0 * acc / pupils.size());
            System.out.println("best: " + first.who() + " (" + first.points() + ")");

            int k = 0;
            for (Pupil p : passing(pupils)) {
                out.append(k != 0 ? NEXT_SEP : FIRST_SEP);
                out.append(p);
                k += 1;
            }
            System.out.println(out);
        }
        else
        {
            System.out.println("no data");
        }
    }

    // passed = score of at least 50, best first, ties by name
    static List<Pupil> passing(final List<Pupil> pupils)
    {
        final List<Pupil> ok = new ArrayList<>();
        for (int k = 0; k < pupils.size(); k += 1)
            if (!(pupils.get(k).points() < PASS))
                ok.add(pupils.get(k));
        ok.sort(new Comparator<Pupil>() {
            @Override
            public int compare(Pupil x, Pupil y) {
                if (x.points() != y.points())
                    return y.points() - x.points();
                return x.who().compareTo(y.who());
            }
        });
        return ok;
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
