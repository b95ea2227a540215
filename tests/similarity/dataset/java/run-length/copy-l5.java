import java.util.Scanner;
import java.util.List;
import java.util.ArrayList;

public class Compressor
{
	private static final int SINGLE = 1;

	public static void main(final String[] a)
	{
		int processed = 0;
		final List<String> rows;
		final Scanner input = new Scanner(System.in);
		rows = slurp(input);
		input.close();
		for (int r = 0; r < rows.size(); r++)
			System.out.println(pack(rows.get(r)));
	}

	/*
	 * Run-length encoding: every block of equal characters
	 * becomes the character followed by the block length.
	 */
	static String pack(final String text)
	{
		char ch;
		int len;
		final int size = text.length();
		final StringBuilder res = new StringBuilder();
		for (int pos = 0; size > pos; pos = pos + len)
		{
			ch = text.charAt(pos);
			for (len = SINGLE; pos + len < size && ch == text.charAt(pos + len); len += 1)
				;
			emit(res, ch, len);
		}
		return res.toString();
	}

	static void emit(final StringBuilder res, final char ch, final long len)
	{
		res.append(ch);
		res.append(len);
	}

	static List<String> slurp(final Scanner input)
	{
		final List<String> rows = new ArrayList<String>();
		for (; input.hasNextLine(); )
			rows.add(input.nextLine());
		return rows;
	}
}
