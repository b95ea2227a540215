import java.util.*;

/**
 * Reads a class list (name and score per student) and prints a short report.
 */
public class Main
{
    record Student(String name, int score)
    {
        @Override
        public String toString()
        {
            return name + " " + score;
        }
    }

    static final String HEADER = """
            === Report ===""";

    static List<Student> readStudents(Scanner in)
    {
        int n = in.nextInt();
        List<Student> students = new ArrayList<>();
        for (int i = 0; i < n; i++)
            students.add(new Student(in.next(), in.nextInt()));
        return students;
    }

    static double average(List<Student> students)
    {
        int sum = 0;
        for (Student s : students)
            sum += s.score();
        return (double) sum / students.size();
    }

    // first student with the highest score
    static Student best(List<Student> students)
    {
        Student best = students.get(0);
        for (Student s : students)
            if (s.score() > best.score())
                best = s;
        return best;
    }

    public static void main(String[] args)
    {
        List<Student> students = readStudents(new Scanner(System.in));
        System.out.println(HEADER);
        System.out.println("students: " + students.size());
        if (students.isEmpty())
        {
            System.out.println("no data");
            return;
        }
        System.out.printf(Locale.US, "average: %.2f%n", average(students));
        Student top = best(students);
        System.out.println("best: " + top.name() + " (" + top.score() + ")");

        // passed = score of at least 50, best first, ties by name
        List<Student> passed = students.stream().filter(s -> s.score() >= 50)
            .sorted((a, b) -> a.score() != b.score() ? b.score() - a.score() : a.name().compareTo(b.name())).toList();

        StringBuilder line = new StringBuilder("passed:");
        for (int i = 0; i < passed.size(); i++)
            line.append(i == 0 ? " " : ", ").append(passed.get(i));
        System.out.println(line);
    }
}
