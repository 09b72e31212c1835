// A header of the second plugin folder (included by the first: the violation).
#pragma once
